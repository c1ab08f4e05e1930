import type { SpanCandidate } from './span-candidate.js';

const WRITTEN = /[a-z0-9][a-z0-9._%+-]*@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;
const WORD = '[a-z0-9]+';
const SEP = '(?:\\s+(?:dot|underscore|dash|hyphen)\\s+|[._-])';
const TLD = '(?:com|org|net|edu|gov|io|co|uk|us|info|biz|me|de|fr|ca|au|ie)';
const SPOKEN = new RegExp(`\\b${WORD}(?:${SEP}${WORD})*\\s+at\\s+${WORD}(?:(?:\\s+dot\\s+|\\.)${WORD})*(?:\\s+dot\\s+|\\.)${TLD}\\b`, 'gi');
/** "look at google dot com" reads like an address: a spoken one needs an email cue before it. */
const EMAIL_CUE = /\b(?:e-?mail|e mail|mail|address)\b/i;

export function detectEmails(text: string): SpanCandidate[] {
  const found: SpanCandidate[] = [];
  for (const m of text.matchAll(WRITTEN)) found.push({ policy: 'email_address', start: m.index, end: m.index + m[0].length });
  for (const m of text.matchAll(SPOKEN)) {
    if (m[0].includes('@')) continue;
    if (!EMAIL_CUE.test(text.slice(Math.max(0, m.index - 60), m.index))) continue;
    found.push({ policy: 'email_address', start: m.index, end: m.index + m[0].length });
  }
  return found;
}
