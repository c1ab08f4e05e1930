import type { DomainWordModel } from './domain-word-model.js';
import { modelWord, numberToken } from './domain-word-model.js';
import { tokenText } from './moonshine-tokens.js';
import { repetitionToDrop } from './repetition.js';
import { topTokens } from './token-scores.js';
import type { VocabularyBias } from './vocabulary-bias.js';

export const startToken = 1;
export const endToken = 2;

export interface LanguageModelFusion {
  model: DomainWordModel;
  /** Weight of the word model's log-probability against the speech model's. */
  weight: number;
  /** Added for each word written, so the fusion does not favour short answers. */
  wordBonus: number;
}

export interface BeamSettings {
  /** Hypotheses kept at each step (1: greedy). */
  width: number;
  bias?: VocabularyBias | null;
  languageModel?: LanguageModelFusion | null;
}

export interface Hypothesis {
  tokens: number[];
  /** The speech model's log-probabilities of the tokens, with the vocabulary's boosts. */
  acoustic: number;
  /** The word model's weighted log-probabilities of the finished words, with their bonuses. */
  language: number;
  /** The finished words as the word model reads them. */
  words: string[];
  /** The text of the word being written. */
  partial: string;
  /** The hypothesis it grew from, by its index in the step's list (its row in the decoder's cache). */
  parent: number;
  isFinished: boolean;
}

export const scoreOf = (h: Hypothesis) => h.acoustic + h.language;

/** A hypothesis the search let go: its tokens, and how far its score was below the best one's at that point (natural log). */
export interface DroppedHypothesis {
  tokens: number[];
  gap: number;
  /** Whether it ended (a whole reading) rather than falling out of the beam part way. */
  isComplete: boolean;
}

/**
 * Beam search over the speech decoder's tokens with shallow fusion: each step, every kept
 * hypothesis offers its best next tokens; a token that starts a new word (SentencePiece's word
 * mark) finishes the word before it, which the domain word model then scores (weighted, plus a
 * bonus per word); the end token finishes the last word and the sentence. The configuration's
 * vocabulary raises the tokens that spell its terms, and a term the audio does not carry on to
 * an actual word falls behind when the word model reads the word it became. With width 1, no
 * word model and no bias it is the decoder's plain greedy choice.
 */
export class BeamSearch {
  private active: Hypothesis[] = [{ tokens: [], acoustic: 0, language: 0, words: [], partial: '', parent: 0, isFinished: false }];
  private readonly finished: Hypothesis[] = [];
  private readonly dropped: DroppedHypothesis[] = [];

  constructor(private readonly settings: BeamSettings) {}

  /** The hypotheses the decoder must extend next, in the order of its batch rows. */
  get hypotheses(): readonly Hypothesis[] {
    return this.active;
  }

  get isDone(): boolean {
    return this.active.length === 0 || this.finished.length >= this.settings.width;
  }

  /**
   * One step: `logProbs(row)` gives the log-softmax of the decoder's scores for each active
   * hypothesis's row. Returns the new active hypotheses (each knows its parent row).
   */
  advance(logProbs: (row: number) => Float32Array, step: number): readonly Hypothesis[] {
    const candidates: Hypothesis[] = [];
    const perHypothesis = this.settings.width + 1;
    this.active.forEach((hypothesis, row) => {
      const scores = logProbs(row);
      // The caller found speech here: an answer of nothing at all is the model's quirk on short
      // words ("Fine.", "Okay."), so the first token is never the end.
      if (step === 0) scores[endToken] = -Infinity;
      const boosts = this.settings.bias?.boostsAfter(hypothesis.tokens);
      if (boosts) for (const [token, boost] of boosts) scores[token] = (scores[token] ?? -Infinity) + boost;
      for (const token of topTokens(scores, perHypothesis))
        candidates.push(this.extend(hypothesis, row, token, scores[token] ?? -Infinity));
    });
    candidates.sort((a, b) => scoreOf(b) - scoreOf(a));
    const next: Hypothesis[] = [];
    for (const [rank, candidate] of candidates.entries()) {
      // An ending counts only among the step's best `width` candidates, as a token would.
      if (candidate.isFinished) {
        if (rank < this.settings.width && this.finished.length < this.settings.width) this.finished.push(candidate);
      } else if (next.length < this.settings.width) next.push(candidate);
    }
    this.keepDropped(next);
    this.active = next;
    return next;
  }

  /**
   * The readings the search considered and let go: each hypothesis that left the beam with no
   * continuation kept, and each ending other than the best. Evidence of what else the audio may
   * have said (docs/engine.md, "Other readings of the audio"); the transcript stays the best one.
   */
  alternatives(): DroppedHypothesis[] {
    const best = this.best();
    const endings = this.finished
      .filter((h) => h !== best)
      .map((h) => ({ tokens: h.tokens, gap: best ? scoreOf(best) - scoreOf(h) : 0, isComplete: true }));
    return [...endings, ...this.dropped];
  }

  /** The active hypotheses none of whose continuations is kept (or ended) this step. */
  private keepDropped(next: readonly Hypothesis[]): void {
    const continued = new Set(next.map((h) => h.parent));
    const lead = Math.max(...this.active.map(scoreOf));
    this.active.forEach((hypothesis, row) => {
      const ended = this.finished.some((f) => f.parent === row && f.tokens.length === hypothesis.tokens.length);
      if (!continued.has(row) && !ended && hypothesis.tokens.length)
        this.dropped.push({ tokens: hypothesis.tokens, gap: lead - scoreOf(hypothesis), isComplete: false });
    });
  }

  /**
   * The best finished hypothesis; only when none finished (the tokens ran out), the best of those
   * still going. A hypothesis cut short scores higher than its own ending would, so it never
   * competes with one that ended.
   */
  best(): Hypothesis | null {
    const pool = this.finished.length ? this.finished : this.active.map((h) => this.finish(h, false));
    return [...pool].sort((a, b) => scoreOf(b) - scoreOf(a))[0] ?? null;
  }

  private extend(from: Hypothesis, row: number, token: number, logProb: number): Hypothesis {
    const grown: Hypothesis = { ...from, tokens: [...from.tokens, token], acoustic: from.acoustic + logProb, parent: row };
    if (token === endToken) return this.finish({ ...grown, tokens: from.tokens }, true);
    const repeated = repetitionToDrop(grown.tokens);
    if (repeated) return this.finish({ ...grown, tokens: grown.tokens.slice(0, grown.tokens.length - repeated) }, false);
    const text = tokenText(token);
    if (text.startsWith(' ')) return { ...this.closeWord(grown), partial: text.trimStart() };
    return { ...grown, partial: grown.partial + text };
  }

  /** The word being written is finished: the word model scores it after the words before it. */
  private closeWord(h: Hypothesis): Hypothesis {
    const fusion = this.settings.languageModel;
    const word = modelWord(h.partial);
    if (!fusion || !word || (word === numberToken && h.words.at(-1) === numberToken)) return h;
    return {
      ...h,
      words: [...h.words, word],
      language: h.language + fusion.weight * fusion.model.logProb(h.words, word) + fusion.wordBonus,
    };
  }

  private finish(h: Hypothesis, isEnd: boolean): Hypothesis {
    const closed = this.closeWord(h);
    const fusion = this.settings.languageModel;
    const end = fusion && isEnd ? fusion.weight * fusion.model.logProb(closed.words, '</s>') : 0;
    return { ...closed, partial: '', language: closed.language + end, isFinished: true };
  }
}
