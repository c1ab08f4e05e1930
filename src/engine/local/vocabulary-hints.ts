import { doubleMetaphone } from 'double-metaphone';

/**
 * The configuration's vocabulary as a hint for a recognizer that cannot be biased: after
 * recognition, a run of one or two more words that sounds like a vocabulary term (same Double
 * Metaphone code, at least three sounds long) is replaced by the term ("send desk" → "Zendesk"),
 * and the term heard right is spelled as configured ("zendesk" → "Zendesk").
 */
export function applyVocabulary(text: string, vocabulary: string[]): string {
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
        if (
          window
            .join(' ')
            .toLowerCase()
            .slice(0, window.join(' ').length - punctuation.length) === lower
        ) {
          // Heard right, spelled the configured way ("brightline" → "Brightline").
          result.push(term + punctuation);
          i += size;
          replaced = true;
          break;
        }
        const [primary, secondary] = doubleMetaphone(window.join(''));
        if (codes.has(primary) || codes.has(secondary)) {
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
