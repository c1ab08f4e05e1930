/**
 * Cohen's kappa: how far two raters agree beyond what their own verdict rates would give by
 * chance, κ = (pₒ − pₑ) / (1 − pₑ), over the items both rated. Raw agreement (pₒ) overstates
 * alignment on a lopsided criterion: two raters who each say PASS 95% of the time agree 90% by
 * chance alone (docs/console.md, "Agreement").
 */

/** The figures of one comparison: kappa is null when it is not defined (no items, or one category only on both sides). */
export interface PairAgreement {
  items: number;
  /** Share of items with the same verdict (pₒ), null with no items. */
  observed: number | null;
  /** Share expected by chance from each rater's own rates (pₑ), null with no items. */
  expected: number | null;
  kappa: number | null;
}

/** One cell of a two-rater contingency table: how many items got verdict `a` from one rater and `b` from the other. */
export interface PairCount {
  a: number;
  b: number;
  count: number;
}

/**
 * Kappa of two equally long lists of verdicts (item i rated `a[i]` by one rater and `b[i]` by the
 * other). Verdicts are compared as values (PASS = 1, FAIL = 0, a scale 1..5).
 */
export function cohensKappa(a: readonly number[], b: readonly number[]): PairAgreement {
  if (a.length !== b.length) throw new RangeError(`Cohen's kappa compares paired verdicts: ${a.length} and ${b.length} given`);
  return cohensKappaOfCounts(a.map((x, i) => ({ a: x, b: b[i], count: 1 })));
}

/** Kappa from a contingency table (cells may repeat; they add up), as SQL's GROUP BY gives it. */
export function cohensKappaOfCounts(cells: readonly PairCount[]): PairAgreement {
  let items = 0;
  let same = 0;
  const countsA = new Map<number, number>();
  const countsB = new Map<number, number>();
  for (const { a, b, count } of cells) {
    items += count;
    if (a === b) same += count;
    countsA.set(a, (countsA.get(a) ?? 0) + count);
    countsB.set(b, (countsB.get(b) ?? 0) + count);
  }
  if (items === 0) return { items, observed: null, expected: null, kappa: null };
  const observed = same / items;
  let expected = 0;
  for (const [category, n] of countsA) expected += (n / items) * ((countsB.get(category) ?? 0) / items);
  // Both raters used one and the same category for every item: chance explains all of it, κ is 0/0.
  const kappa = expected === 1 ? null : (observed - expected) / (1 - expected);
  return { items, observed, expected, kappa };
}
