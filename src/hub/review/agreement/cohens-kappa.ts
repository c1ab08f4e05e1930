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

/**
 * Kappa of two equally long lists of verdicts (item i rated `a[i]` by one rater and `b[i]` by the
 * other). Verdicts are compared as values (PASS = 1, FAIL = 0, a scale 1..5).
 */
export function cohensKappa(a: readonly number[], b: readonly number[]): PairAgreement {
  if (a.length !== b.length) throw new RangeError(`Cohen's kappa compares paired verdicts: ${a.length} and ${b.length} given`);
  const items = a.length;
  if (items === 0) return { items, observed: null, expected: null, kappa: null };
  let same = 0;
  const countsA = new Map<number, number>();
  const countsB = new Map<number, number>();
  for (let i = 0; i < items; i++) {
    if (a[i] === b[i]) same++;
    countsA.set(a[i], (countsA.get(a[i]) ?? 0) + 1);
    countsB.set(b[i], (countsB.get(b[i]) ?? 0) + 1);
  }
  const observed = same / items;
  let expected = 0;
  for (const [category, n] of countsA) expected += (n / items) * ((countsB.get(category) ?? 0) / items);
  // Both raters used one and the same category for every item: chance explains all of it, κ is 0/0.
  const kappa = expected === 1 ? null : (observed - expected) / (1 - expected);
  return { items, observed, expected, kappa };
}
