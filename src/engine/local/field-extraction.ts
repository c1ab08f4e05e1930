import type { ExtractedValue, ExtractionFieldSpec, Transcript } from '../engine-types.js';
import { findPhrase, normaliseWords, splitSentences } from './phrase-match.js';
import { findSpokenDates } from './spoken-dates.js';
import { contentStems, readSpokenNumber, stem } from './text-tools.js';

interface Sentence {
  turn: number;
  speaker: string;
  words: string[];
  /** Written with a question mark (a recogniser that punctuates, or a reference transcript). */
  isQuestion: boolean;
}

/** Words that may stand between a cue and its value ("the account number is, er, it's 4 5…"). */
const linkWords = new Set([
  'is',
  'was',
  'are',
  'it',
  'its',
  'be',
  'of',
  'the',
  'a',
  'my',
  'your',
  'number',
  'called',
  'named',
  'that',
  'yes',
  'yeah',
  'sure',
  'okay',
  'ok',
  'so',
  'ending',
  'ends',
  'in',
  'digits',
  'on',
  'er',
  'um',
  'just',
]);
const currencyWords = new Set(['dollar', 'dollars', 'pound', 'pounds', 'euro', 'euros', 'bucks', 'quid', 'cents', 'pence']);
const moneyWords = /\b(amount|dollars?|pounds?|euros?|price|cost|fee|refund|charge|balance|total|paid|payment|sum)\b/i;
const yesWords = new Set(['yes', 'yeah', 'yep', 'correct', 'sure', 'right', 'definitely', 'absolutely']);
const noWords = new Set(['no', 'nope', 'not', 'never']);
/** Stems that say nothing about where a value is (every date field has "date"). */
const vagueStems = new Set(
  ['amount', 'number', 'value', 'total', 'date', 'day', 'time', 'when', 'which', 'what', 'customer', 'agent', 'call', 'dollar', 'name'].map(
    stem,
  ),
);
/** Words that name the same kind of event, so "appointment date" finds "I have booked an engineer". */
const eventFamilies = [
  [
    'appointment',
    'visit',
    'engineer',
    'technician',
    'booked',
    'book',
    'booking',
    'scheduled',
    'schedule',
    'callback',
    'call',
    'arranged',
    'arrange',
  ],
  ['delivery', 'deliver', 'delivered', 'arrive', 'arrives', 'ship', 'shipped', 'dispatch', 'dispatched', 'replacement', 'new'],
].map((family) => family.map(stem));

/**
 * Rule-based extraction that picks a value by its cue and prefers null to a wrong value:
 * - numbers: the number said right after the field's own name ("account number is seven three…"),
 *   or answering a question that named it; an amount of money only with its currency and a
 *   sentence about the field ("refunded forty dollars"); a quantity never fills an identifier;
 * - dates: a future date said in a sentence about the field's event (dates of birth and other
 *   past dates never count), resolved against the recording date;
 * - yes/no and text: read right after the field's name.
 */
export function extractFieldValues(transcript: Transcript, fields: ExtractionFieldSpec[], recordedAt: Date): ExtractedValue[] {
  const sentences: Sentence[] = transcript.segments.flatMap((segment, turn) =>
    splitSentences(segment.text).map((text) => ({
      turn,
      speaker: segment.speaker,
      words: normaliseWords(text),
      isQuestion: text.trimEnd().endsWith('?'),
    })),
  );
  return fields.map((field) => {
    switch (field.type) {
      case 'number':
        return moneyWords.test(`${field.name.replace(/[_-]+/g, ' ')} ${field.description}`) &&
          !/\b(number|id|code|digits)\b/i.test(field.name.replace(/[_-]+/g, ' '))
          ? readAmount(sentences, field)
          : readAfterCue(sentences, field, readIdentifier);
      case 'date':
        return readEventDate(sentences, field, recordedAt);
      case 'boolean':
        return readAfterCue(sentences, field, readYesNo, false);
      case 'string':
        return readAfterCue(sentences, field, readText);
    }
  });
}

/** The field's name as phrases to look for: the whole name, then its two-word parts. */
function cuePhrases(field: ExtractionFieldSpec): string[] {
  const words = normaliseWords(field.name.replace(/[_-]+/g, ' '));
  const phrases = [words.join(' ')];
  for (let i = 0; i + 2 <= words.length && words.length > 2; i += 1) phrases.push(words.slice(i, i + 2).join(' '));
  // The last digits of a card or account are also said as what it ends with ("the card ending 4218").
  if (/\blast (four|three|two|\d) digits\b|\blast (four|digits)\b/i.test(`${field.name.replace(/[_-]+/g, ' ')} ${field.description}`))
    phrases.push('ending', 'ending in', 'ends in');
  return phrases.filter(Boolean);
}

function readAfterCue<T extends ExtractedValue>(
  sentences: Sentence[],
  field: ExtractionFieldSpec,
  read: (words: string[], from: number) => T | null,
  skipsLinkWords = true,
): T | null {
  // A yes or no right after the cue is the value itself, not a link word to skip.
  const start = (words: string[], from: number) => (skipsLinkWords ? skipLinks(words, from) : from);
  for (const phrase of cuePhrases(field)) {
    for (const [index, sentence] of sentences.entries()) {
      const cue = findPhrase(sentence.words, phrase);
      if (!cue) continue;
      const value = read(sentence.words, start(sentence.words, cue.end));
      if (value !== null) return value;
      // A question that names the field ("what is your account number?", "what are the last four
      // digits of the card?") is answered next.
      const answer = sentences.slice(index + 1).find((s) => s.speaker !== sentence.speaker);
      if ((sentence.isQuestion || cue.end >= sentence.words.length - 3) && answer && answer.turn === sentence.turn + 1) {
        const answered = read(answer.words, start(answer.words, 0));
        if (answered !== null) return answered;
      }
    }
  }
  return null;
}

function skipLinks(words: string[], from: number): number {
  let i = from;
  while (i < words.length && i < from + 4 && linkWords.has(words[i] ?? '')) i += 1;
  return i;
}

/** An identifier: a spoken number not followed by a currency (forty dollars is not an account). */
function readIdentifier(words: string[], from: number): number | null {
  const spoken = readSpokenNumber(words, from);
  if (!spoken) return null;
  return currencyWords.has(words[from + spoken.length] ?? '') ? null : spoken.value;
}

function readYesNo(words: string[], from: number): boolean | null {
  for (let i = from; i < Math.min(words.length, from + 6); i += 1) {
    if (yesWords.has(words[i] ?? '')) return true;
    if (noWords.has(words[i] ?? '')) return false;
  }
  return null;
}

function readText(words: string[], from: number): string | null {
  const value = words.slice(from, from + 4).filter((w) => !linkWords.has(w));
  return value.length ? value.join(' ') : null;
}

/** An amount with its currency, in a sentence that says what the field is about ("refunded"). */
function readAmount(sentences: Sentence[], field: ExtractionFieldSpec): number | null {
  const keys = keyStems(field.name);
  if (!keys.size) return null;
  for (const sentence of sentences) {
    if (!sentence.words.some((w) => keys.has(stem(w)))) continue;
    for (let i = 0; i < sentence.words.length; i += 1) {
      const spoken = readSpokenNumber(sentence.words, i);
      if (spoken && currencyWords.has(sentence.words[i + spoken.length] ?? '')) return spoken.value;
      if (spoken) i += spoken.length - 1;
    }
  }
  return null;
}

/** A future date said in a sentence about the field's event. */
function readEventDate(sentences: Sentence[], field: ExtractionFieldSpec, recordedAt: Date): string | null {
  const keys = keyStems(`${field.name} ${field.description}`);
  for (const family of eventFamilies) if (family.some((s) => keys.has(s))) for (const s of family) keys.add(s);
  for (const sentence of sentences) {
    if (sentence.words.some((w) => ['born', 'birth', 'birthday'].includes(w))) continue;
    const dates = findSpokenDates(sentence.words, recordedAt).filter((d) => !d.isPast);
    if (dates.length && sentence.words.some((w) => keys.has(stem(w)))) return dates[0]?.iso ?? null;
  }
  return null;
}

function keyStems(text: string): Set<string> {
  return new Set(contentStems(text.replace(/[_-]+/g, ' ')).filter((s) => !vagueStems.has(s) && s.length > 2));
}
