import { describe, expect, it } from 'vitest';
import { scoreEvaluation, type CriterionForScoring } from '../../src/service/processing/score-evaluation.js';

const judge = (criterionId: string, scoreRawAi: number) => ({ criterionId, scoreRawAi, reasoning: 'r', quote: 'q', feedback: null });

describe('scoring (docs/decisions.md)', () => {
  it('weights normalised scores: score = 100 × Σ obtained / Σ weight; scale n = (raw − 1) / 4', () => {
    const criteria: CriterionForScoring[] = [
      { id: 'a', name: 'Greeting', type: 'boolean', weight: 20 },
      { id: 'b', name: 'Empathy', type: 'scale', weight: 30 },
      { id: 'c', name: 'Closing', type: 'boolean', weight: 50 },
    ];
    const scored = scoreEvaluation(criteria, [judge('a', 1), judge('b', 4), judge('c', 0)]);
    // a: 1 × 20 = 20; b: (4 − 1) / 4 = 0.75 × 30 = 22.5; c: 0. Score = 100 × 42.5 / 100.
    expect(scored.results.map((r) => [r.scoreObtained, r.status])).toEqual([
      [20, 'PASS'],
      [22.5, 'PASS'],
      [0, 'FAIL'],
    ]);
    expect(scored.score).toBe(42.5);
    expect(scored.criticalFail).toBe(false);
  });

  it('passes at n = 0.5 exactly (scale 3) and fails below (scale 2)', () => {
    const criteria: CriterionForScoring[] = [
      { id: 'a', name: 'A', type: 'scale', weight: 1 },
      { id: 'b', name: 'B', type: 'scale', weight: 1 },
    ];
    const scored = scoreEvaluation(criteria, [judge('a', 3), judge('b', 2)]);
    expect(scored.results.map((r) => r.status)).toEqual(['PASS', 'FAIL']);
    expect(scored.score).toBe(37.5);
  });

  it('a failed strict criterion is a critical fail and leaves the score alone', () => {
    const criteria: CriterionForScoring[] = [
      { id: 'a', name: 'Greeting', type: 'boolean', weight: 10 },
      { id: 's', name: 'No legal advice', type: 'strict', weight: 0 },
    ];
    const scored = scoreEvaluation(criteria, [judge('a', 1), judge('s', 0)]);
    expect(scored.score).toBe(100);
    expect(scored.criticalFail).toBe(true);
    expect(scored.results[1]).toMatchObject({ maxWeight: 0, scoreObtained: 0, status: 'FAIL' });
  });

  it('with no weight at all: 100 × mean(n) over non-strict criteria', () => {
    const criteria: CriterionForScoring[] = [
      { id: 'a', name: 'A', type: 'boolean', weight: 0 },
      { id: 'b', name: 'B', type: 'scale', weight: 0 },
      { id: 's', name: 'S', type: 'strict', weight: 0 },
    ];
    // n: 1 and (2 − 1) / 4 = 0.25; the strict criterion does not count.
    expect(scoreEvaluation(criteria, [judge('a', 1), judge('b', 2), judge('s', 0)]).score).toBe(62.5);
  });

  it('only strict criteria, or none: 100', () => {
    expect(scoreEvaluation([{ id: 's', name: 'S', type: 'strict', weight: 0 }], [judge('s', 1)]).score).toBe(100);
    expect(scoreEvaluation([], []).score).toBe(100);
  });

  it('rounds to 2 decimals and clamps out-of-range raw scores', () => {
    const criteria: CriterionForScoring[] = [
      { id: 'a', name: 'A', type: 'boolean', weight: 1 },
      { id: 'b', name: 'B', type: 'boolean', weight: 1 },
      { id: 'c', name: 'C', type: 'boolean', weight: 1 },
      { id: 'd', name: 'D', type: 'scale', weight: 0 },
    ];
    const scored = scoreEvaluation(criteria, [judge('a', 1), judge('b', 0.2), judge('c', 7), judge('d', 9)]);
    expect(scored.results.map((r) => r.scoreRawAi)).toEqual([1, 0, 1, 5]);
    expect(scored.score).toBe(66.67);
  });

  it('a criterion the engine did not judge fails with an explanation', () => {
    const scored = scoreEvaluation([{ id: 'a', name: 'A', type: 'boolean', weight: 1 }], []);
    expect(scored.results[0]).toMatchObject({ status: 'FAIL', reasoning: 'The engine gave no judgement for this criterion.' });
  });
});
