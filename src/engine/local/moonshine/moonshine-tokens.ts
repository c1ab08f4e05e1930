import llamaTokenizer from 'llama-tokenizer-js';

/**
 * Moonshine's tokens: its SentencePiece vocabulary is LLaMA's for the first 32,000 ids (the ones
 * it writes for English), so llama-tokenizer-js reads and writes them. Ids past LLaMA's vocabulary
 * (Moonshine's added specials) carry no text and are left out.
 */
const vocabularySize = llamaTokenizer.vocabById.length;

export function decodeTokens(tokens: number[]): string {
  const known = tokens.filter((t) => t > 2 && t < vocabularySize);
  return known.length ? llamaTokenizer.decode(known, false, false).replace(/^ /, '') : '';
}

/** The tokens of a phrase as the decoder writes it after a space (mid-sentence). */
export function encodeWords(phrase: string): number[] {
  return llamaTokenizer.encode(phrase, false, true) ?? [];
}

/** A token's text, with SentencePiece's word mark turned into a space ("▁Bright" → " Bright"). */
export function tokenText(token: number): string {
  return (llamaTokenizer.vocabById[token] ?? '').replace(/\u2581/g, ' ');
}
