import { describe, expect, it } from 'vitest';
import { decodeTokens, encodeWords } from '../../../src/engine/local/moonshine/moonshine-tokens.js';
import { VocabularyBias } from '../../../src/engine/local/moonshine/vocabulary-bias.js';

const vocabularySize = 32_768;
/** Logits where each given token has the given log-probability-like score and every other is far below. */
function logits(scores: [number, number][]): Float32Array {
  const out = new Float32Array(vocabularySize).fill(-30);
  for (const [token, score] of scores) out[token] = score;
  return out;
}
const [zen = 0, end = 0, esk = 0] = encodeWords('Zendesk');
const [sent = 0] = encodeWords('sent');
const [desk = 0] = encodeWords('desk');

describe('vocabulary bias', () => {
  const bias = new VocabularyBias({ terms: ['Zendesk'], domainWords: [] }, { termBoost: 2.5, domainWordBoost: 0 });

  it('spells a term as the model hears it: its tokens decode to the term', () => {
    expect(decodeTokens(encodeWords('Zendesk'))).toBe('Zendesk');
    expect(decodeTokens([...encodeWords('I use'), ...encodeWords('Zendesk')])).toBe('I use Zendesk');
  });

  it("raises a term's first token over a close rival, then its continuation", () => {
    expect(
      bias.choose(
        logits([
          [sent, 0],
          [zen, -1.5],
        ]),
        [],
      ),
    ).toBe(zen);
    expect(
      bias.choose(
        logits([
          [desk, 0],
          [end, -2],
        ]),
        [zen],
      ),
    ).toBe(end);
    expect(
      bias.choose(
        logits([
          [desk, 0],
          [esk, -2],
        ]),
        [zen, end],
      ),
    ).toBe(esk);
  });

  it('leaves a confident choice alone, and a continuation only follows its own prefix', () => {
    expect(
      bias.choose(
        logits([
          [sent, 0],
          [zen, -6],
        ]),
        [],
      ),
    ).toBe(sent);
    expect(
      bias.choose(
        logits([
          [desk, 0],
          [esk, -2],
        ]),
        [sent, end],
      ),
    ).toBe(desk);
  });

  it('without terms, is the plain best token', () => {
    const none = new VocabularyBias({ terms: [], domainWords: [] });
    expect(none.isEmpty).toBe(true);
    expect(
      none.choose(
        logits([
          [sent, 0],
          [zen, -0.5],
        ]),
        [],
      ),
    ).toBe(sent);
  });

  it("raises words of the configuration's text by their own, smaller boost", () => {
    const domain = new VocabularyBias({ terms: [], domainWords: ['zendesk'] }, { termBoost: 2.5, domainWordBoost: 1 });
    const [lowerZen = 0] = encodeWords('zendesk');
    expect(
      domain.choose(
        logits([
          [sent, 0],
          [lowerZen, -0.8],
        ]),
        [],
      ),
    ).toBe(lowerZen);
    expect(
      domain.choose(
        logits([
          [sent, 0],
          [lowerZen, -2],
        ]),
        [],
      ),
    ).toBe(sent);
  });
});
