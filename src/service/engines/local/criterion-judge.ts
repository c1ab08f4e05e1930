import type { CriterionJudgement, CriterionToJudge, Transcript } from '../engine-types.js';
import { contentStems, formatMoment, stem, words } from './text-tools.js';

/**
 * Phrases that show common contact-centre QA concepts. A criterion whose name or description
 * names a concept (one of its synonyms) is checked against the concept's phrases; a criterion
 * that names none is checked against its own content words.
 */
const concepts: Record<string, string[]> = {
  greeting: ['hello', 'hi', 'good morning', 'good afternoon', 'good evening', 'welcome', 'thank you for calling', 'thanks for calling'],
  introduction: ['my name is', 'this is', 'speaking'],
  closing: ['anything else', 'have a nice day', 'have a great day', 'goodbye', 'bye', 'thank you for your call', 'thanks for calling'],
  empathy: ['sorry', 'apologize', 'apologies', 'understand', 'unfortunately', 'i hear you'],
  verification: ['order number', 'account number', 'date of birth', 'confirm', 'verify', 'postcode', 'zip code', 'email address'],
  resolution: ['resolved', 'fixed', 'refund', 'replacement', 'will ship', 'arrive', 'solution', 'sorted'],
  politeness: ['please', 'thank you', 'thanks'],
  hold: ['hold', 'one moment', 'bear with me'],
  promise: ['promise', 'guarantee', 'i guarantee'],
  refund: ['refund', 'money back', 'reimburse'],
  legal: ['lawyer', 'legal', 'sue', 'court', 'attorney'],
  profanity: ['damn', 'hell', 'stupid', 'idiot', 'shut up'],
};
const conceptSynonyms: Record<string, string[]> = {
  greeting: ['greet', 'welcome', 'open', 'opening'],
  introduction: ['introduce', 'introduction', 'name', 'identify'],
  closing: ['close', 'closing', 'goodbye', 'farewell', 'wrap'],
  empathy: ['empathy', 'empathetic', 'apologize', 'apologise', 'apology', 'sympathy', 'understanding'],
  verification: ['verify', 'verification', 'identity', 'authenticate', 'confirm'],
  resolution: ['resolve', 'resolution', 'solve', 'solution', 'fix'],
  politeness: ['polite', 'politeness', 'courteous', 'courtesy', 'respect'],
  hold: ['hold', 'wait'],
  promise: ['promise', 'guarantee', 'commit'],
  refund: ['refund', 'reimburse', 'compensation'],
  legal: ['legal', 'law', 'lawyer', 'advice'],
  profanity: ['profanity', 'swear', 'rude', 'insult', 'abusive'],
};
/** Words that say nothing about what to look for in a call. */
const genericStems = new Set(['agent', 'customer', 'caller', 'call', 'must', 'should', 'always', 'properly', 'correct', 'clearly', 'give', 'make', 'use', 'ask', 'tell', 'check', 'conversation'].map(stem));
const prohibitionPattern = /\b(never|no|not|avoid|don't|do not|must not|mustn't|without|prohibited|forbidden|refrain)\b/i;

interface Hit {
  phrase: string;
  segment: Transcript['segments'][number];
}

/**
 * Judges one criterion by looking for its cue phrases: a requirement passes when a cue is said,
 * a prohibition ("never…", "no…") passes when none is. Scale criteria score 1 + 2 per distinct
 * cue found, up to 5. The quote is the turn where the deciding phrase was said.
 */
export function judgeCriterion(transcript: Transcript, criterion: CriterionToJudge): CriterionJudgement {
  const text = `${criterion.name} ${criterion.description}`;
  const isProhibition = prohibitionPattern.test(text);
  const cues = cuePhrases(text);
  const hits = findHits(transcript, cues);
  const distinct = new Set(hits.map((h) => h.phrase));
  const first = hits[0];
  const where = first ? `“${first.phrase}” at ${formatMoment(first.segment.start)} (speaker ${first.segment.speaker})` : '';
  const quote = first ? first.segment.text.slice(0, 240) : '';
  const sample = cues.slice(0, 4).map((c) => `“${c}”`).join(', ');

  if (isProhibition) {
    const passed = hits.length === 0;
    return {
      criterionId: criterion.id,
      scoreRawAi: criterion.type === 'scale' ? (passed ? 5 : 1) : passed ? 1 : 0,
      reasoning: passed ? `None of the prohibited phrases (${sample}) was said.` : `Prohibited phrase ${where}.`,
      quote,
      feedback: passed ? null : `Avoid ${sample}: ${criterion.name}.`,
    };
  }
  const scoreRawAi = criterion.type === 'scale' ? Math.min(5, 1 + 2 * distinct.size) : hits.length ? 1 : 0;
  const passed = criterion.type === 'scale' ? scoreRawAi >= 3 : scoreRawAi === 1;
  return {
    criterionId: criterion.id,
    scoreRawAi,
    reasoning: hits.length
      ? `Found ${where}${distinct.size > 1 ? ` and ${distinct.size - 1} more cue(s)` : ''}.`
      : `No phrase showing “${criterion.name}” (such as ${sample || 'its own words'}) was found.`,
    quote,
    feedback: passed ? null : `${criterion.name}: say something like ${sample || 'what the criterion asks'}.`,
  };
}

function cuePhrases(criterionText: string): string[] {
  const stems = new Set(contentStems(criterionText));
  const phrases: string[] = [];
  for (const [concept, synonyms] of Object.entries(conceptSynonyms)) {
    if (synonyms.some((s) => stems.has(stem(s)))) phrases.push(...(concepts[concept] ?? []));
  }
  if (phrases.length === 0) {
    for (const own of stems) if (!genericStems.has(own) && own.length > 2) phrases.push(own);
  }
  return [...new Set(phrases)];
}

function findHits(transcript: Transcript, cues: string[]): Hit[] {
  const hits: Hit[] = [];
  for (const segment of transcript.segments) {
    const tokens = words(segment.text);
    const stems = tokens.map(stem);
    for (const phrase of cues) {
      const phraseStems = words(phrase).map(stem);
      if (!phraseStems.length) continue;
      for (let i = 0; i + phraseStems.length <= stems.length; i += 1) {
        if (phraseStems.every((s, k) => stems[i + k] === s)) {
          hits.push({ phrase, segment });
          break;
        }
      }
    }
  }
  return hits.sort((a, b) => a.segment.start - b.segment.start);
}
