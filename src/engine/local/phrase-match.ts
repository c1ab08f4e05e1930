/**
 * Cue phrases matched on normalised words, so that a reference transcript ("I've booked an
 * engineer.") and a recogniser's ("i have booked an engineer") read the same.
 *
 * Pattern syntax: words separated by spaces; `a|b` is either word; `*` is any one word; `~` is
 * up to three words; a word ending in `-` is a prefix ("apolog-" matches "apologise").
 */

const contractions: [RegExp, string][] = [
  [/\bcan't\b/g, 'can not'],
  [/\bcannot\b/g, 'can not'],
  [/\bwon't\b/g, 'will not'],
  [/\bshan't\b/g, 'shall not'],
  [/\b(\w+)n't\b/g, '$1 not'],
  [/\blet's\b/g, 'let us'],
  [/\b(it|that|there|what|here|he|she|who|where)'s\b/g, '$1 is'],
  [/\b(\w+)'re\b/g, '$1 are'],
  [/\b(\w+)'ve\b/g, '$1 have'],
  [/\b(\w+)'ll\b/g, '$1 will'],
  [/\b(\w+)'d\b/g, '$1 would'],
  [/\bi'm\b/g, 'i am'],
];

/** Written amounts as they are said: "$40" and "40$" → "40 dollars", "4,528" → "4528". */
const writtenForms: [RegExp, string | ((...groups: string[]) => string)][] = [
  [/(\d),(?=\d{3}\b)/g, '$1'],
  [/([$£€])\s?(\d+(?:\.\d+)?)/g, (_, symbol = '$', amount = '') => `${amount} ${currencyWord(symbol)}`],
  [/(\d+(?:\.\d+)?)\s?([$£€])/g, (_, amount = '', symbol = '$') => `${amount} ${currencyWord(symbol)}`],
  // The cue lists spell British ("apologise", "patronising"); recognisers often write American.
  [/\b([a-z]{3,})iz(e|ed|es|ing|ation)\b/g, '$1is$2'],
];
const currencyWord = (symbol: string) => ({ '£': 'pounds', '€': 'euros' })[symbol] ?? 'dollars';

/**
 * Lower-case words with contractions spelled out and written amounts as words; digits stay as they
 * are (readSpokenNumber reads both "4 5 2" and "four five two").
 */
export function normaliseWords(text: string): string[] {
  let lower = text.toLowerCase().replace(/[’‘]/g, "'");
  for (const [pattern, replacement] of writtenForms) lower = lower.replace(pattern, replacement as string);
  for (const [pattern, replacement] of contractions) lower = lower.replace(pattern, replacement);
  return lower.match(/\d+\.\d+|[a-z0-9']+/g)?.map((w) => w.replace(/'s$/, '').replace(/'/g, '')) ?? [];
}

/** Sentences of a turn: split at . ? ! when the text has punctuation, else the whole turn. */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.?!])\s+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

type Step = { kind: 'word'; options: string[] } | { kind: 'any' } | { kind: 'gap' };

const compiled = new Map<string, Step[]>();

function compile(pattern: string): Step[] {
  const cached = compiled.get(pattern);
  if (cached) return cached;
  const steps: Step[] = pattern
    .trim()
    .split(/\s+/)
    .map((part) => (part === '*' ? { kind: 'any' } : part === '~' ? { kind: 'gap' } : { kind: 'word', options: part.split('|') }));
  compiled.set(pattern, steps);
  return steps;
}

function wordMatches(word: string, options: string[]): boolean {
  return options.some((o) => (o.endsWith('-') ? word.startsWith(o.slice(0, -1)) : word === o));
}

function matchFrom(words: string[], steps: Step[], at: number, step: number): number {
  if (step === steps.length) return at;
  const current = steps[step];
  if (!current) return at;
  if (current.kind === 'gap') {
    for (let skip = 0; skip <= 3; skip += 1) {
      const end = matchFrom(words, steps, at + skip, step + 1);
      if (end >= 0) return end;
    }
    return -1;
  }
  if (at >= words.length) return -1;
  const word = words[at] ?? '';
  if (current.kind === 'word' && !wordMatches(word, current.options)) return -1;
  return matchFrom(words, steps, at + 1, step + 1);
}

export interface PhraseMatch {
  pattern: string;
  /** Index of the first matched word and one past the last. */
  start: number;
  end: number;
}

/** The first place a pattern matches in the words, or null. */
export function findPhrase(words: string[], pattern: string, from = 0): PhraseMatch | null {
  const steps = compile(pattern);
  for (let i = from; i < words.length; i += 1) {
    const end = matchFrom(words, steps, i, 0);
    if (end >= 0) return { pattern, start: i, end };
  }
  return null;
}

/** The first of the patterns that matches (in the words' order), or null. */
export function findAnyPhrase(words: string[], patterns: readonly string[]): PhraseMatch | null {
  let best: PhraseMatch | null = null;
  for (const pattern of patterns) {
    const found = findPhrase(words, pattern);
    if (found && (!best || found.start < best.start)) best = found;
  }
  return best;
}

/**
 * Whether a matched cue is negated just before it ("not able to", "never", "no"), looking back
 * `reach` words (1 for a verb: "can not guarantee", but "do not worry, I guarantee" is not).
 */
export function isNegatedAt(words: string[], start: number, reach = 3): boolean {
  const before = words.slice(Math.max(0, start - reach), start);
  return before.some((w) => w === 'not' || w === 'never' || w === 'no' || w === 'unable');
}
