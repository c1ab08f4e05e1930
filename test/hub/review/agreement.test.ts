/**
 * The agreement figures against worked examples with known answers: Cohen's kappa from the
 * two-rater tables of Wikipedia's "Cohen's kappa" article (the 50 grant proposals, κ = 0.40; the
 * pair of 100-item tables with the same raw agreement, κ = 0.1304 and 0.2593), Fleiss' kappa from
 * Wikipedia's "Fleiss' kappa" article (10 items, 14 raters, 5 categories: P̄ = 0.378, P̄ₑ = 0.213,
 * κ = 0.210, as in Fleiss 1971's method), and the degenerate cases.
 */
import { describe, expect, it } from 'vitest';
import { cohensKappa } from '../../../src/hub/review/agreement/cohens-kappa.js';
import { fleissKappa } from '../../../src/hub/review/agreement/fleiss-kappa.js';

/** Two raters' paired verdicts from a 2×2 table: [both 1, a 1 b 0, a 0 b 1, both 0]. */
function pairsFromTable([yesYes, yesNo, noYes, noNo]: [number, number, number, number]): [number[], number[]] {
  const a: number[] = [];
  const b: number[] = [];
  const add = (n: number, x: number, y: number) => {
    for (let i = 0; i < n; i++) {
      a.push(x);
      b.push(y);
    }
  };
  add(yesYes, 1, 1);
  add(yesNo, 1, 0);
  add(noYes, 0, 1);
  add(noNo, 0, 0);
  return [a, b];
}

/** Rows of raters' verdicts from a table of counts per category (categories numbered 1..k). */
function ratingsFromCounts(counts: number[][]): number[][] {
  return counts.map((row) => row.flatMap((n, j) => Array.from({ length: n }, () => j + 1)));
}

describe("Cohen's kappa", () => {
  it('50 proposals read by two readers: pₒ 0.70, pₑ 0.50, κ 0.40', () => {
    const [a, b] = pairsFromTable([20, 5, 10, 15]);
    const result = cohensKappa(a, b);
    expect(result.items).toBe(50);
    expect(result.observed).toBeCloseTo(0.7, 10);
    expect(result.expected).toBeCloseTo(0.5, 10);
    expect(result.kappa).toBeCloseTo(0.4, 10);
  });

  it('the same raw agreement (60%) gives different kappas when the raters are lopsided differently', () => {
    expect(cohensKappa(...pairsFromTable([45, 15, 25, 15])).kappa).toBeCloseTo(0.1304, 4);
    expect(cohensKappa(...pairsFromTable([25, 35, 5, 35])).kappa).toBeCloseTo(0.2593, 4);
  });

  it('perfect agreement over two categories is 1; agreement no better than chance is 0 or below', () => {
    expect(cohensKappa([1, 0, 1, 0], [1, 0, 1, 0]).kappa).toBe(1);
    expect(cohensKappa([1, 1, 0, 0], [1, 0, 1, 0]).kappa).toBe(0);
    expect(cohensKappa([1, 0], [0, 1]).kappa).toBe(-1);
  });

  it('compares scale verdicts as categories', () => {
    const result = cohensKappa([1, 2, 3, 4, 5], [1, 2, 3, 4, 4]);
    expect(result.observed).toBeCloseTo(0.8, 10);
    // pₑ = (1·1 + 1·1 + 1·1 + 1·2 + 1·0) / 25 = 5/25.
    expect(result.expected).toBeCloseTo(0.2, 10);
    expect(result.kappa).toBeCloseTo(0.75, 10);
  });

  it('is not defined with no items, nor when both raters used one and the same category throughout', () => {
    expect(cohensKappa([], [])).toEqual({ items: 0, observed: null, expected: null, kappa: null });
    expect(cohensKappa([1, 1, 1], [1, 1, 1])).toEqual({ items: 3, observed: 1, expected: 1, kappa: null });
  });

  it('one rater using one category while the other varies is defined (0 here)', () => {
    expect(cohensKappa([1, 1, 1, 1], [1, 0, 1, 1]).kappa).toBe(0);
  });

  it('refuses unpaired lists', () => {
    expect(() => cohensKappa([1], [1, 0])).toThrow(RangeError);
  });
});

describe("Fleiss' kappa", () => {
  it('10 items, 14 raters, 5 categories: P̄ 0.378, P̄ₑ 0.213, κ 0.210', () => {
    const counts = [
      [0, 0, 0, 0, 14],
      [0, 2, 6, 4, 2],
      [0, 0, 3, 5, 6],
      [0, 3, 9, 2, 0],
      [2, 2, 8, 1, 1],
      [7, 7, 0, 0, 0],
      [3, 2, 6, 3, 0],
      [2, 5, 3, 2, 2],
      [6, 5, 2, 1, 0],
      [0, 2, 2, 3, 7],
    ];
    const result = fleissKappa(ratingsFromCounts(counts));
    expect(result.items).toBe(10);
    expect(result.raters).toBe(14);
    expect(result.observed).toBeCloseTo(0.378, 3);
    expect(result.expected).toBeCloseTo(0.213, 3);
    expect(result.kappa).toBeCloseTo(0.21, 3);
  });

  it('equals 1 when every rater agrees on every item and the items differ', () => {
    expect(
      fleissKappa([
        [1, 1, 1],
        [0, 0, 0],
        [1, 1, 1],
      ]).kappa,
    ).toBe(1);
  });

  it('is not defined with no items, one rater, or one category used throughout', () => {
    expect(fleissKappa([]).kappa).toBeNull();
    expect(fleissKappa([[1], [0]]).kappa).toBeNull();
    const oneCategory = fleissKappa([
      [1, 1],
      [1, 1],
    ]);
    expect(oneCategory.observed).toBe(1);
    expect(oneCategory.kappa).toBeNull();
  });

  it('refuses items rated by different numbers of raters', () => {
    expect(() => fleissKappa([[1, 0], [1]])).toThrow(RangeError);
  });
});
