import { describe, expect, it } from 'vitest';
import { BeamSearch, endToken, type BeamSettings } from '../../../src/engine/local/moonshine/beam-search.js';
import { DomainWordModel, modelWords } from '../../../src/engine/local/moonshine/domain-word-model.js';
import llamaTokenizer from 'llama-tokenizer-js';
import { decodeTokens } from '../../../src/engine/local/moonshine/moonshine-tokens.js';
import { VocabularyBias } from '../../../src/engine/local/moonshine/vocabulary-bias.js';
import { otherReadings } from '../../../src/engine/local/moonshine/other-readings.js';

/** A token by its text (a leading space is SentencePiece's word mark). */
const token = (piece: string) => {
  const id = llamaTokenizer.vocabByString.get(piece.replace(/^ /, '\u2581'));
  if (id === undefined) throw new Error(`no token ${piece}`);
  return id;
};

/**
 * A pretend decoder: after each prefix (the text so far), the log-probabilities of a few next
 * tokens, by their text (all others far below). The search runs as the recogniser runs it, one row
 * per hypothesis.
 */
function decode(settings: BeamSettings, next: (prefix: string) => [string | typeof endToken, number][]): string {
  return decodeTokens(search(settings, next).best()?.tokens ?? []);
}

function search(settings: BeamSettings, next: (prefix: string) => [string | typeof endToken, number][]): BeamSearch {
  const search = new BeamSearch(settings);
  for (let step = 0; step < 30 && !search.isDone; step += 1) {
    const rows = search.hypotheses;
    search.advance((row) => {
      const scores = new Float32Array(32_768).fill(-40);
      const prefix = decodeTokens(rows[row]?.tokens ?? []);
      for (const [what, logProb] of next(prefix)) {
        scores[what === endToken ? endToken : token(what)] = logProb;
      }
      return scores;
    }, step);
  }
  return search;
}

/** The audio says "good bye" or "don't buy" about as well: the decoder leans to "don't buy". */
const closing = (prefix: string): [string | typeof endToken, number][] => {
  const table: Record<string, [string | typeof endToken, number][]> = {
    '': [[' Thanks', -0.05]],
    Thanks: [
      [' don', -0.5],
      [' good', -0.95],
    ],
    'Thanks don': [["'", -0.05]],
    "Thanks don'": [['t', -0.05]],
    "Thanks don't": [[' buy', -0.1]],
    'Thanks good': [['bye', -0.05]],
  };
  return table[prefix] ?? [[endToken, -0.05]];
};

describe('beam search with the domain word model', () => {
  // General English, as pocketsphinx's unigrams give it: common words about one in a thousand.
  const general = new Map(
    ['thanks', 'goodbye', "don't", 'buy', 'for', 'calling', 'have', 'a', 'good', 'day'].map((w) => [w, Math.log(1e-3)]),
  );
  const model = new DomainWordModel(['thanks goodbye', 'thanks for calling goodbye', 'have a good day goodbye'].map(modelWords), general);

  it("is the decoder's own greedy choice with one hypothesis and no word model", () => {
    expect(decode({ width: 1 }, closing)).toBe("Thanks don't buy");
  });

  it('with the word model, takes the wording calls use when the audio allows both', () => {
    expect(decode({ width: 4, languageModel: { model, weight: 0.5, wordBonus: 0 } }, closing)).toBe('Thanks goodbye');
    // Where the audio is clear, the word model does not overrule it.
    const clear = (prefix: string) => closing(prefix).map(([t, p]) => [t, t === ' good' ? -12 : p] as [string | typeof endToken, number]);
    expect(decode({ width: 4, languageModel: { model, weight: 0.5, wordBonus: 0 } }, clear)).toBe("Thanks don't buy");
  });

  it('does not end on an end token ranked below the kept hypotheses, and never ends at the first step', () => {
    const early = (prefix: string): [string | typeof endToken, number][] =>
      prefix === ''
        ? [
            [endToken, -0.01],
            [' Fine', -3],
          ]
        : prefix === 'Fine'
          ? [
              [' thanks', -0.2],
              [endToken, -1.5],
            ]
          : [[endToken, -0.01]];
    expect(decode({ width: 1 }, early)).toBe('Fine thanks');
  });

  it('answers with a hypothesis that ended, never one cut short that only scores higher for being shorter', () => {
    // Two endings fill the beam while "Hi there" is still going, ahead of both for now.
    const table: Record<string, [string | typeof endToken, number][]> = {
      '': [
        [' Hi', -0.1],
        [' Hello', -0.3],
      ],
      Hi: [
        [' there', -0.05],
        [endToken, -0.4],
      ],
      Hello: [
        [endToken, -0.05],
        [' you', -3],
      ],
      'Hi there': [
        [' my', -0.05],
        [endToken, -0.3],
      ],
      'Hi there my': [[' friend', -2]],
    };
    const talk = (prefix: string): [string | typeof endToken, number][] => table[prefix] ?? [[endToken, -0.05]];
    expect(decode({ width: 2 }, talk)).toBe('Hello');
  });

  it('scores a run of numbers as one number, whether spoken or written', () => {
    expect(modelWords('It is 4528, or four five two eight.')).toEqual(['it', 'is', '<num>', 'or', '<num>']);
    expect(model.logProb(['thanks'], 'goodbye')).toBeGreaterThan(model.logProb(['thanks'], "don't"));
  });

  it("raises the vocabulary's terms per hypothesis", () => {
    const brand = (prefix: string): [string | typeof endToken, number][] =>
      prefix === ''
        ? [[' Call', -0.05]]
        : prefix === 'Call'
          ? [
              [' Next', -0.4],
              [' N', -1.2],
            ]
          : prefix === 'Call N'
            ? [['ex', -0.3]]
            : prefix === 'Call Nex'
              ? [['ora', -0.3]]
              : [[endToken, -0.05]];
    const bias = new VocabularyBias({ terms: ['Nexora'], domainWords: [] }, { termBoost: 2.5, domainWordBoost: 0 });
    expect(decode({ width: 2 }, brand)).toBe('Call Next');
    expect(decode({ width: 2, bias }, brand)).toBe('Call Nexora');
  });

  it('keeps the readings it let go, cut to where they differ from the best, with how far below it they scored', () => {
    const done = search({ width: 4 }, closing);
    const best = done.best()?.tokens ?? [];
    expect(decodeTokens(best)).toBe("Thanks don't buy");
    const others = otherReadings(best, done.alternatives());
    expect(others.map((o) => o.text)).toEqual(['Thanks goodbye']);
    expect(others[0]?.gap).toBeCloseTo(0.95 + 0.05 + 0.05 - (0.5 + 0.05 + 0.05 + 0.1 + 0.05), 5);
  });

  it('leaves out a dropped reading that adds nothing to the best, and the word it was still writing', () => {
    const best = [' Thank', ' you', ' for', ' calling', ' Bright', 'line'].map(token);
    const dropped = (pieces: string[], gap: number, isComplete = false) => ({ tokens: pieces.map(token), gap, isComplete });
    const others = otherReadings(best, [
      dropped([' Thank', ' you', ' for'], 0.5),
      dropped([' Thank', ' you', ' for', ' call', 'ers', ' this'], 1),
      dropped([' Thank', ' you', ' for', ' calling', ' Bright', 'line', ' this', ' is', ' Kevin'], 2, true),
      dropped([' Thank', ' you', ' for', ' calling', ' and', ' more'], 20, true),
    ]);
    expect(others).toEqual([
      { text: 'Thank you for callers', gap: 1 },
      { text: 'you for calling Brightline this is Kevin', gap: 2 },
    ]);
  });
});
