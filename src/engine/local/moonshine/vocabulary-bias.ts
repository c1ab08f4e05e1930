import { logSoftmax, topTokens } from './token-scores.js';
import { encodeWords } from './moonshine-tokens.js';

export interface VocabularyBiasSettings {
  /** Added to a token's log-probability when it starts or continues a term of the configuration's vocabulary or a name. */
  termBoost: number;
  /** The same for the words of the evaluator's and fields' descriptions ("postcode", "date of birth"). */
  domainWordBoost: number;
}

export const defaultVocabularyBias: VocabularyBiasSettings = { termBoost: 2.5, domainWordBoost: 0 };

export interface BiasTerms {
  /** The vocabulary and the organisation's names: spelled as given, raised by `termBoost`. */
  terms: string[];
  /** Content words of the configuration's text, raised by `domainWordBoost`. */
  domainWords: string[];
}

interface TrieNode {
  next: Map<number, TrieNode>;
  /** The boost of the strongest term through this node. */
  boost: number;
}

/**
 * Contextual biasing of the decoder toward the configuration's vocabulary (shallow fusion with a
 * prefix tree of the terms' tokens): at each step, a token that starts a term, or continues the
 * term the last tokens began, has its score raised by `boost`, so a name the model would spell
 * another way ("Bright Line", "Zen desk") comes out as configured when the audio supports it.
 * Terms are tried in the spellings a sentence gives them (capitalised, lower case).
 */
export class VocabularyBias {
  private readonly root: TrieNode = { next: new Map(), boost: 0 };

  constructor(terms: BiasTerms, settings: VocabularyBiasSettings = defaultVocabularyBias) {
    for (const [list, boost] of [
      [terms.domainWords, settings.domainWordBoost],
      [terms.terms, settings.termBoost],
    ] as const) {
      for (const term of new Set(list.map((t) => t.trim()).filter(Boolean))) {
        for (const spelling of new Set([term, term.toLowerCase(), term[0]?.toUpperCase() + term.slice(1)]))
          this.add(encodeWords(spelling), boost);
      }
    }
  }

  get isEmpty(): boolean {
    return this.root.next.size === 0;
  }

  /** What each token that starts a term, or continues one the history began, is raised by. */
  boostsAfter(history: number[]): Map<number, number> {
    const raised = new Map<number, number>();
    for (const node of this.activeNodes(history))
      for (const [token, child] of node.next) raised.set(token, Math.max(raised.get(token) ?? 0, child.boost));
    return raised;
  }

  /** The best next token once the terms' tokens are raised (greedy decoding; beam-search.ts does the same per hypothesis). */
  choose(logits: Float32Array, history: number[]): number {
    const scores = logSoftmax(logits);
    for (const [token, boost] of this.boostsAfter(history)) scores[token] = (scores[token] ?? -Infinity) + boost;
    return topTokens(scores, 1)[0] ?? 0;
  }

  private add(tokens: number[], boost: number): void {
    let node = this.root;
    for (const token of tokens) {
      let child = node.next.get(token);
      if (!child) {
        child = { next: new Map(), boost };
        node.next.set(token, child);
      }
      child.boost = Math.max(child.boost, boost);
      node = child;
    }
  }

  /** The root (a term may start here), and every node the history's last tokens reached inside a term. */
  private activeNodes(history: number[]): TrieNode[] {
    const nodes = [this.root];
    for (let start = Math.max(0, history.length - 12); start < history.length; start += 1) {
      let node: TrieNode | undefined = this.root;
      for (let i = start; i < history.length && node; i += 1) node = node.next.get(history[i] ?? -1);
      if (node && node !== this.root && node.next.size) nodes.push(node);
    }
    return nodes;
  }
}
