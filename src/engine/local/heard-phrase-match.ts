import type { PhraseMatch } from './phrase-match.js';

/**
 * Cue phrases matched by how they sound, for narrow-band calls where the recogniser mishears a
 * set phrase as other words of like sound ("anything else" heard as "a rally thing health").
 * Each word gets a rough phonetic key (consonant classes that merge voiced and unvoiced pairs,
 * every vowel run one vowel), and a cue matches a run of words whose joined keys are within a
 * small edit distance of the cue's. Only long, literal cues are matched this way: a short one
 * ("bye") sounds like too many other words. docs/engine.md, "How a call is judged".
 */

/** The least length of a cue's key to be matched by sound, and the edits allowed per key letter. */
export const heardMatchSettings = { minKeyLength: 13, maxEditsPerLetter: 0.3 };

const digraphs: [RegExp, string][] = [
  [/^kn/, 'n'],
  [/^wr/, 'r'],
  [/^wh/, 'w'],
  [/ph/g, 'f'],
  [/th/g, 't'],
  [/(sh|ch|tch)/g, 'x'],
  [/ck/g, 'k'],
  [/gh/g, ''],
  [/qu/g, 'kw'],
  [/x/g, 'ks'],
  [/c(?=[eiy])/g, 's'],
  [/dg(?=[eiy])/g, 'j'],
  [/([a-z])e$/, '$1'],
];
/** Letters to their sound class: voiced and unvoiced pairs merge, an h and a silent w vanish. */
const soundClass: Record<string, string> = {
  b: 'p',
  p: 'p',
  d: 't',
  t: 't',
  g: 'k',
  k: 'k',
  c: 'k',
  q: 'k',
  v: 'f',
  f: 'f',
  s: 's',
  z: 's',
  x: 'x',
  j: 'x',
  m: 'm',
  n: 'n',
  l: 'l',
  r: 'r',
  w: 'w',
  h: '',
};

/** A word's phonetic key: consonant classes, each vowel run as one `a`, no letter doubled, no r after a vowel. */
export function soundKey(word: string): string {
  let spelled = word.toLowerCase().replace(/[^a-z]/g, '');
  for (const [pattern, replacement] of digraphs) spelled = spelled.replace(pattern, replacement);
  let key = '';
  const letters = [...spelled];
  for (const [i, letter] of letters.entries()) {
    const isVowel = 'aeiou'.includes(letter) || (letter === 'y' && i > 0);
    // An r after a vowel and before none is barely heard ("there", "birth").
    if (letter === 'r' && key.endsWith('a') && !'aeiouy'.includes(letters[i + 1] ?? '-')) continue;
    const sound = isVowel ? 'a' : (soundClass[letter] ?? (letter === 'y' ? 'a' : ''));
    if (sound && !key.endsWith(sound)) key += sound;
  }
  return key;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** The literal phrases a pattern stands for (each `a|b` spelled out); none when it has `*`, `~` or a prefix. */
function literalPhrases(pattern: string): string[][] {
  const parts = pattern.trim().split(/\s+/);
  if (parts.some((p) => p === '*' || p === '~' || p.endsWith('-'))) return [];
  return parts.reduce<string[][]>((phrases, part) => phrases.flatMap((p) => part.split('|').map((o) => [...p, o])), [[]]);
}

const keyCache = new Map<string, string>();
const cachedKey = (word: string) => {
  const known = keyCache.get(word);
  if (known !== undefined) return known;
  const key = soundKey(word);
  keyCache.set(word, key);
  return key;
};

/** The first run of words that sounds like one of the patterns' literal phrases, or null. */
export function findAnyPhraseBySound(words: string[], patterns: readonly string[]): PhraseMatch | null {
  const { minKeyLength, maxEditsPerLetter } = heardMatchSettings;
  const keys = words.map(cachedKey);
  let best: PhraseMatch | null = null;
  for (const pattern of patterns) {
    for (const phrase of literalPhrases(pattern)) {
      const target = phrase.map(cachedKey).join('');
      if (target.length < minKeyLength) continue;
      const allowed = Math.floor(target.length * maxEditsPerLetter);
      for (let start = 0; start < keys.length && (!best || start < best.start); start += 1) {
        let joined = '';
        for (let end = start + 1; end <= keys.length && joined.length <= target.length + allowed; end += 1) {
          joined += keys[end - 1] ?? '';
          if (Math.abs(joined.length - target.length) > allowed) continue;
          if (editDistance(joined, target) <= allowed) {
            best = { pattern, start, end };
            break;
          }
        }
        if (best?.start === start) break;
      }
    }
  }
  return best;
}

/**
 * Whether the words end with one of the phrases said alike (the same key, no edit): a short cue
 * that sounds like too many words anywhere ("bye" and "by") is told apart by where it stands, as
 * the last words of a turn.
 */
export function findEndSoundingLike(words: string[], phrases: readonly string[]): PhraseMatch | null {
  for (const phrase of phrases) {
    const target = phrase.split(/\s+/).map(cachedKey).join('');
    for (let start = Math.max(0, words.length - 3); start < words.length; start += 1) {
      if (words.slice(start).map(cachedKey).join('') === target) return { pattern: phrase, start, end: words.length };
    }
  }
  return null;
}
