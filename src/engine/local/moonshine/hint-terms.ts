import type { RecognitionHints } from '../../engine-types.js';
import { organisationWordsOf } from '../speaker-roles.js';
import { stopwords } from '../text-tools.js';
import type { BiasTerms } from './vocabulary-bias.js';

/**
 * The names a call is likely to contain, as they are spelled: the configuration's vocabulary, and
 * the organisation's own name from the evaluator's text ("calls for Brightline, a broadband
 * provider" → Brightline), which a speech model has rarely seen.
 */
export function termsFromHints(hints: RecognitionHints): string[] {
  const text = (hints.domainText ?? []).join('. ');
  const organisation = new Set(organisationWordsOf(text));
  const spelled = new Map<string, string>();
  for (const word of text.match(/[A-Za-z][A-Za-z'-]*/g) ?? []) {
    if (organisation.has(word.toLowerCase()) && !spelled.has(word.toLowerCase())) spelled.set(word.toLowerCase(), word);
  }
  return [...new Set([...hints.vocabulary.map((v) => v.trim()).filter(Boolean), ...spelled.values()])];
}

/**
 * What the decoder is nudged toward: the names above, and the content words of the evaluator's
 * and fields' descriptions (a criterion that asks for "date of birth, postcode or security
 * question" makes those words likelier), in lower case; short and common words need no help.
 */
export function biasTermsFromHints(hints: RecognitionHints): BiasTerms {
  const terms = termsFromHints(hints);
  const named = new Set(terms.map((t) => t.toLowerCase()));
  const domainWords = new Set<string>();
  for (const word of (hints.domainText ?? [])
    .join(' ')
    .toLowerCase()
    .match(/[a-z][a-z'-]*[a-z]/g) ?? []) {
    for (const part of word.split('-')) if (part.length >= 4 && !stopwords().has(part) && !named.has(part)) domainWords.add(part);
  }
  return { terms, domainWords: [...domainWords] };
}

const introductions = [
  /\b(?:[Mm]y name is|[Mm]y name's|[Tt]his is|[Yy]ou're speaking (?:to|with)|[Yy]ou are speaking (?:to|with))\s+([A-Z][a-z]{2,})\b/g,
  /\b([A-Z][a-z]{2,}) (?:speaking|here)\b/g,
];

/**
 * Names a speaker introduces as the recogniser wrote them ("this is Daniel speaking" → Daniel,
 * "my name is Priya"): later mentions of the name, often misheard, are heard toward it.
 */
export function introducedNames(text: string): string[] {
  const found = new Set<string>();
  for (const pattern of introductions)
    for (const match of text.matchAll(pattern)) {
      const name = match[1] ?? '';
      if (name && !stopwords().has(name.toLowerCase()) && !notNames.has(name.toLowerCase())) found.add(name);
    }
  return [...found];
}

const notNames = new Set([
  'sorry',
  'calling',
  'here',
  'speaking',
  'just',
  'really',
  'happy',
  'glad',
  'afraid',
  'going',
  'about',
  'regarding',
]);
