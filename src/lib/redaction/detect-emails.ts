import type { SpanCandidate } from './span-candidate.js';

const WRITTEN = /[a-z0-9][a-z0-9._%+-]*@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;
const WORD = '[a-z0-9]+';
const TLD = '(?:com|org|net|edu|gov|io|co|uk|us|info|biz|me|de|fr|ca|au|ie)';
/** " at example dot com": the spoken domain, found first; the user part is read back from it. */
const SPOKEN_DOMAIN = new RegExp(`\\s+at\\s+(${WORD}(?:\\s+${WORD})?)(?:(?:\\s+dot\\s+|\\.)${WORD})*(?:\\s+dot\\s+|\\.)${TLD}\\b`, 'gi');
/** Words that end the user part when reading back from " at ": the email cue and what leads into it. */
const BEFORE_USER = new Set(
  "email e-mail mail address is its it's was at to me my the um uh er erm so yeah yes ok okay sure and".split(' '),
);
/** Spoken punctuation inside a user part ("john underscore doe"). */
const SPOKEN_SEPARATOR = /^(?:dot|underscore|dash|hyphen)$/;
const MAIL_PROVIDERS = new Set(
  'gmail googlemail yahoo hotmail outlook live msn icloud aol protonmail proton btinternet sky comcast'.split(' '),
);
/** "look at google dot com" reads like an address: a spoken one needs an email cue before it, unless it cannot be anything else. */
const EMAIL_CUE = /\b(?:e-?mail|e mail|mail|address)\b/i;
/** At most this many words in a spoken user part ("m dot jones eighty four"). */
const MAX_USER_WORDS = 8;

/**
 * The user part of a spoken address, read back from the " at " before its domain: the words since
 * the cue ("my email is", "its"), spoken separators and spelled letters included.
 */
function userPartBefore(text: string, at: number): { start: number; words: string[] } | undefined {
  const words = [...text.slice(Math.max(0, at - 120), at).matchAll(/[a-z0-9]+(?:'[a-z]+)?|[._-]/gi)];
  const offset = Math.max(0, at - 120);
  const kept: RegExpMatchArray[] = [];
  for (let i = words.length - 1; i >= 0 && kept.length < MAX_USER_WORDS; i -= 1) {
    if (BEFORE_USER.has(words[i][0].toLowerCase())) break;
    kept.unshift(words[i]);
  }
  if (kept.length === 0 || kept.length === MAX_USER_WORDS) return undefined;
  return { start: offset + kept[0].index!, words: kept.map((w) => w[0].toLowerCase()) };
}

export function detectEmails(text: string): SpanCandidate[] {
  const found: SpanCandidate[] = [];
  for (const m of text.matchAll(WRITTEN)) found.push({ policy: 'email_address', start: m.index, end: m.index + m[0].length });
  for (const m of text.matchAll(SPOKEN_DOMAIN)) {
    if (m[0].includes('@')) continue;
    const user = userPartBefore(text, m.index);
    if (user === undefined) continue;
    const hasCue = EMAIL_CUE.test(text.slice(Math.max(0, user.start - 60), user.start));
    const hasSeparator = user.words.some((w) => SPOKEN_SEPARATOR.test(w) || /^[._-]$/.test(w));
    // Without a cue, the words must read as one user name: "john underscore doe", or a mail provider's domain.
    const readsAsUser = hasSeparator || (MAIL_PROVIDERS.has(m[1].toLowerCase()) && user.words.length <= 2);
    // A domain said as two words ("tina designs dot com") only after an email cue.
    if (!hasCue && (!readsAsUser || /\s/.test(m[1]))) continue;
    found.push({ policy: 'email_address', start: user.start, end: m.index + m[0].length });
  }
  return found;
}
