import { readFile } from 'node:fs/promises';

/**
 * The unigram distribution of pocketsphinx's general US English model (en-us.lm.bin, the trie
 * binary format of sphinxbase 5prealpha), read directly: the domain language model backs off to
 * it so that words outside the contact-centre corpus stay recognisable. Only unigrams are read;
 * the general model's 3.7 million bigrams and trigrams are left out to keep the built model small.
 *
 * Layout: "Trie Language Model", order (uint8), counts (uint32 × order), quantiser (int32 type +
 * float32 tables of 2^16 per middle order × 2 + 2^16), unigrams ((count + 1) × {float prob, float
 * backoff, uint32 next}), the n-gram trie, then the words (int32 length + NUL-separated strings).
 * Probabilities are stored as logarithms in base 1.0001.
 */
const header = 'Trie Language Model';
const logBase = Math.log10(1.0001);

const cache = new Map<string, Promise<Map<string, number>>>();

/** log10 probability of each word of the model (sentence markers excluded). Cached per file. */
export function readGeneralUnigrams(modelFile: string): Promise<Map<string, number>> {
  let loaded = cache.get(modelFile);
  if (!loaded) {
    loaded = readFile(modelFile).then(parseTrieUnigrams);
    cache.set(modelFile, loaded);
    loaded.catch(() => cache.delete(modelFile));
  }
  return loaded;
}

export function parseTrieUnigrams(bytes: Buffer): Map<string, number> {
  if (bytes.subarray(0, header.length).toString('latin1') !== header) throw new Error('not a sphinxbase trie language model');
  const order = bytes.readUInt8(header.length);
  const countsAt = header.length + 1;
  const unigramCount = bytes.readUInt32LE(countsAt);
  const quantiserAt = countsAt + 4 * order;
  const quantiserFloats = order > 1 ? 65_536 * (2 * (order - 2) + 1) : 0;
  const unigramsAt = quantiserAt + (order > 1 ? 4 + 4 * quantiserFloats : 0);
  const words = readWordStrings(bytes, unigramCount);
  const unigrams = new Map<string, number>();
  for (const [i, word] of words.entries()) {
    if (word === '<s>' || word === '</s>') continue;
    unigrams.set(word, bytes.readFloatLE(unigramsAt + 12 * i) * logBase);
  }
  return unigrams;
}

/** The word strings close the file: find the int32 length that reaches exactly to its end. */
function readWordStrings(bytes: Buffer, count: number): string[] {
  const lowest = Math.max(0, bytes.length - 64 * count);
  for (let at = bytes.length - 5; at >= lowest; at -= 1) {
    if (bytes.readUInt32LE(at) !== bytes.length - at - 4) continue;
    const words = bytes
      .subarray(at + 4, bytes.length - 1)
      .toString('latin1')
      .split('\0');
    if (words.length === count) return words;
  }
  throw new Error('the language model has no word list where expected');
}
