import type { RecognitionHints } from '../../engine-types.js';
import { contactCentreSentences } from '../contact-centre-corpus.js';
import { isNumberWord } from '../text-tools.js';

export interface DomainWordModelSettings {
  /** Absolute discount of bigram and trigram counts (interpolated). */
  discount: number;
  /** How many times the configuration's own sentences count against one corpus sentence. */
  hintWeight: number;
  /** Weight of the domain's unigrams against the general ones (0..1). */
  domainUnigramWeight: number;
}

export const defaultDomainWordModelSettings: DomainWordModelSettings = { discount: 0.7, hintWeight: 3, domainUnigramWeight: 0.8 };

/** Any number, spoken or written, is one word to the model: recognisers write "4528" where the corpus says "four five two eight". */
export const numberToken = '<num>';
const sentenceEnd = '</s>';
const sentenceStart = '<s>';

/**
 * A word as the model knows it: lower case, letters, digits and apostrophes only; any number
 * (digits, or a number word) is `<num>`; "" for punctuation alone.
 */
export function modelWord(written: string): string {
  const word = written
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^a-z0-9']+/g, '')
    .replace(/^'+|'+$/g, '');
  if (/\d/.test(word) || isNumberWord(word)) return numberToken;
  return word;
}

/** A sentence's words as the model reads them, a run of numbers as one. */
export function modelWords(text: string): string[] {
  const words: string[] = [];
  for (const written of text.split(/[\s-]+/)) {
    const word = modelWord(written);
    if (word && !(word === numberToken && words.at(-1) === numberToken)) words.push(word);
  }
  return words;
}

/**
 * A trigram model of how contact-centre calls are worded, for the speech decoder's shallow fusion
 * (moonshine-recognizer.ts): interpolated absolute discounting over the general contact-centre
 * corpus (contact-centre-corpus.ts, from language-data/: written for this engine, not the test
 * calls) and the configuration's own text (vocabulary, evaluator context, criteria and fields, weighted
 * `hintWeight`), its unigrams mixed with a general English distribution, so that a word outside
 * the corpus stays possible, only less likely. Log-probabilities are natural logarithms.
 */
export class DomainWordModel {
  private readonly unigrams = new Map<string, number>();
  private readonly bigrams = new Map<string, Map<string, number>>();
  private readonly trigrams = new Map<string, Map<string, number>>();
  private readonly totals = new Map<string, number>();
  private tokens = 0;
  private readonly cache = new Map<string, number>();

  constructor(
    sentences: string[][],
    /** Natural-log unigram probabilities of general English (pocketsphinx's general model), or none. */
    private readonly general: Map<string, number> | null,
    private readonly settings: DomainWordModelSettings = defaultDomainWordModelSettings,
  ) {
    for (const sentence of sentences) {
      const padded = [sentenceStart, ...sentence, sentenceEnd];
      for (let i = 1; i < padded.length; i += 1) {
        const word = padded[i] ?? '';
        this.unigrams.set(word, (this.unigrams.get(word) ?? 0) + 1);
        this.tokens += 1;
        count(this.bigrams, padded[i - 1] ?? '', word);
        if (i >= 2) count(this.trigrams, `${padded[i - 2]} ${padded[i - 1]}`, word);
      }
    }
    for (const table of [this.bigrams, this.trigrams])
      for (const [context, next] of table)
        this.totals.set(
          context,
          [...next.values()].reduce((a, b) => a + b, 0),
        );
  }

  static forHints(
    hints: RecognitionHints,
    general: Map<string, number> | null,
    settings: DomainWordModelSettings = defaultDomainWordModelSettings,
  ): DomainWordModel {
    const corpus = contactCentreSentences().map(modelWords);
    const hintTexts = [...hints.vocabulary, ...(hints.domainText ?? []).flatMap((t) => t.split(/(?<=[.!?])\s+|\n+/))];
    const hintSentences = hintTexts.map(modelWords).filter((s) => s.length > 0);
    return new DomainWordModel([...corpus, ...Array.from({ length: settings.hintWeight }, () => hintSentences).flat()], general, settings);
  }

  /** log P(word | the two words before it); `</s>` for the end of the sentence. History starts with nothing (the start of a turn). */
  logProb(history: string[], word: string): number {
    const u = history.at(-2) ?? (history.length === 1 ? sentenceStart : undefined);
    const v = history.at(-1) ?? sentenceStart;
    const key = `${u ?? ''}\u0000${v}\u0000${word}`;
    let cached = this.cache.get(key);
    if (cached === undefined) {
      cached = Math.log(u === undefined ? this.p2(v, word) : this.p3(u, v, word));
      if (this.cache.size > 200_000) this.cache.clear();
      this.cache.set(key, cached);
    }
    return cached;
  }

  private p1(word: string): number {
    const domain = (this.unigrams.get(word) ?? 0) / Math.max(1, this.tokens);
    const general = word === numberToken ? 0.01 : Math.exp(this.general?.get(word) ?? Math.log(1e-7));
    const lambda = this.settings.domainUnigramWeight;
    return Math.max(1e-9, lambda * domain + (1 - lambda) * general);
  }

  private p2(v: string, word: string): number {
    return this.interpolate(this.bigrams.get(v), this.totals.get(v), word, () => this.p1(word));
  }

  private p3(u: string, v: string, word: string): number {
    const context = `${u} ${v}`;
    return this.interpolate(this.trigrams.get(context), this.totals.get(context), word, () => this.p2(v, word));
  }

  private interpolate(next: Map<string, number> | undefined, total: number | undefined, word: string, lower: () => number): number {
    if (!next || !total) return lower();
    const d = this.settings.discount;
    return Math.max(0, (next.get(word) ?? 0) - d) / total + ((d * next.size) / total) * lower();
  }
}

function count(table: Map<string, Map<string, number>>, context: string, word: string): void {
  let next = table.get(context);
  if (!next) {
    next = new Map();
    table.set(context, next);
  }
  next.set(word, (next.get(word) ?? 0) + 1);
}
