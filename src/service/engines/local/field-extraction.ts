import type { ExtractedValue, ExtractionFieldSpec, Transcript } from '../engine-types.js';
import { contentStems, readSpokenNumber, stem, words } from './text-tools.js';

const lookAhead = 12;
const yesWords = new Set(['yes', 'yeah', 'yep', 'correct', 'sure', 'right', 'definitely', 'absolutely']);
const noWords = new Set(['no', 'nope', 'not', 'never', "don't", "didn't", "doesn't", "isn't", "wasn't"]);
const linkWords = new Set(['is', 'was', 'are', "it's", 'its', 'be', 'of', 'the', 'a', 'my', 'your', 'number', 'called', 'named']);
const months = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const ordinals: Record<string, number> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10,
  eleventh: 11, twelfth: 12, thirteenth: 13, fourteenth: 14, fifteenth: 15, sixteenth: 16, seventeenth: 17,
  eighteenth: 18, nineteenth: 19, twentieth: 20, thirtieth: 30,
};

/**
 * Rule-based extraction: finds where the conversation mentions a field (its name's words; for
 * numbers, booleans and dates also its description's) and reads a value of the field's type right
 * after it. Null when not found; never a guess from elsewhere in the call.
 */
export function extractFieldValues(transcript: Transcript, fields: ExtractionFieldSpec[], recordedAt: Date): ExtractedValue[] {
  const tokens = transcript.segments.flatMap((s) => words(s.text));
  const stems = tokens.map(stem);
  return fields.map((field) => {
    const cues = new Set(contentStems(field.name.replace(/[_-]+/g, ' ')));
    // A string read after any word of the description is mostly noise; typed values are safer.
    const fallbackCues = field.type === 'string' ? new Set<string>() : new Set(contentStems(field.description));
    for (const cueSet of [cues, fallbackCues]) {
      if (!cueSet.size) continue;
      for (let i = 0; i < stems.length; i += 1) {
        if (!cueSet.has(stems[i] ?? '')) continue;
        const value = readValue(field.type, tokens, i + 1, recordedAt);
        if (value !== null) return value;
      }
    }
    return null;
  });
}

function readValue(type: ExtractionFieldSpec['type'], tokens: string[], from: number, recordedAt: Date): ExtractedValue {
  const end = Math.min(tokens.length, from + lookAhead);
  switch (type) {
    case 'number':
      for (let i = from; i < end; i += 1) {
        const found = readSpokenNumber(tokens, i);
        if (found) return found.value;
      }
      return null;
    case 'boolean':
      for (let i = from; i < end; i += 1) {
        if (yesWords.has(tokens[i] ?? '')) return true;
        if (noWords.has(tokens[i] ?? '')) return false;
      }
      return null;
    case 'date':
      for (let i = from; i < end; i += 1) {
        const date = readDate(tokens, i, recordedAt);
        if (date) return date;
      }
      return null;
    case 'string': {
      let i = from;
      while (i < end && linkWords.has(tokens[i] ?? '')) i += 1;
      const value = tokens.slice(i, Math.min(end, i + 4)).filter((t) => !linkWords.has(t));
      return value.length ? value.join(' ') : null;
    }
  }
}

/** "march third", "the third of march", "today", "tomorrow", "yesterday" → YYYY-MM-DD. */
function readDate(tokens: string[], i: number, recordedAt: Date): string | null {
  const token = tokens[i] ?? '';
  const relative = { yesterday: -1, today: 0, tomorrow: 1 }[token];
  if (relative !== undefined) return isoDay(new Date(recordedAt.getTime() + relative * 86_400_000));
  const monthIndex = months.indexOf(token);
  if (monthIndex >= 0) {
    const day = dayAt(tokens, i + 1) ?? (tokens[i - 1] === 'of' ? dayAt(tokens, i - 2) : null);
    if (day) return isoDay(new Date(Date.UTC(recordedAt.getUTCFullYear(), monthIndex, day)));
  }
  return null;
}

function dayAt(tokens: string[], i: number): number | null {
  const token = tokens[i] ?? '';
  if (token in ordinals) return ordinals[token] ?? null;
  const spoken = readSpokenNumber(tokens, i);
  return spoken && spoken.value >= 1 && spoken.value <= 31 ? spoken.value : null;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
