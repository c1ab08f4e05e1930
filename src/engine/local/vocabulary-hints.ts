import { doubleMetaphone } from 'double-metaphone';

/** Whether a word is one of general English (lower case); a word that is not may be a misheard name. */
export type KnownWord = (word: string) => boolean;

/**
 * The configuration's vocabulary as a hint after recognition: a run of one or two more words that
 * sounds like a term (same Double Metaphone code, at least three sounds long) is replaced by the
 * term ("send desk" → "Zendesk"), and the term heard right is spelled as configured ("zendesk" →
 * "Zendesk"). With `knownWord`, a single word that is no English word (a recogniser's spelling of
 * a name it does not know) also becomes a term it nearly sounds or reads like: a Double Metaphone
 * code one sound apart ("Techmie" → "Acme") or a spelling at most two fifths different
 * ("Loganiel" → "Daniel").
 */
export function applyVocabulary(text: string, vocabulary: string[], knownWord?: KnownWord): string {
  if (!vocabulary.length || !text) return text;
  let tokens = text.split(/\s+/);
  for (const term of vocabulary) {
    const termWords = term.trim().split(/\s+/);
    const codes = new Set(doubleMetaphone(termWords.join('')).filter((c) => c.length >= 3));
    if (!codes.size) continue;
    const lower = term.toLowerCase();
    const result: string[] = [];
    for (let i = 0; i < tokens.length; ) {
      let replaced = false;
      for (const size of [termWords.length, termWords.length + 1]) {
        const window = tokens.slice(i, i + size);
        if (window.length < size) continue;
        // A recogniser that writes punctuation keeps it after the term.
        const punctuation = window.at(-1)?.match(/[.,!?;:]+$/)?.[0] ?? '';
        const heard = window.join(' ').slice(0, window.join(' ').length - punctuation.length);
        const [primary, secondary] = doubleMetaphone(window.join(''));
        const sameSound = codes.has(primary) || codes.has(secondary);
        const nearName = Boolean(knownWord) && size === 1 && termWords.length === 1 && isNearName(heard, lower, codes, knownWord);
        // Heard right, spelled the configured way ("brightline" → "Brightline"), or sounds like it.
        if (heard.toLowerCase() === lower || sameSound || nearName) {
          result.push(term + punctuation);
          i += size;
          replaced = true;
          break;
        }
      }
      if (!replaced) {
        result.push(tokens[i] ?? '');
        i += 1;
      }
    }
    tokens = result;
  }
  return tokens.join(' ');
}

function isNearName(heard: string, term: string, codes: Set<string>, knownWord: KnownWord | undefined): boolean {
  const word = heard.toLowerCase();
  if (!/^[a-z]{4,}$/.test(word) || word === term || knownWord?.(word)) return false;
  const [primary = '', secondary = ''] = doubleMetaphone(word);
  for (const code of codes) {
    if (Math.min(editDistance(primary, code), editDistance(secondary || primary, code)) <= 1 && Math.min(primary.length, code.length) >= 3)
      return true;
  }
  return word.length >= 5 && term.length >= 5 && editDistance(word, term) <= 0.4 * Math.max(word.length, term.length);
}

/** Levenshtein distance between two strings. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1)
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length] ?? 0;
}
