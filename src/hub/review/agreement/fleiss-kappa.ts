/**
 * Fleiss' kappa: agreement among several raters beyond chance, each item rated by the same number
 * of raters (docs/console.md, "Agreement"). For N items, n raters and nᵢⱼ raters giving item i
 * category j: Pᵢ = (Σⱼ nᵢⱼ² − n) / (n(n − 1)), P̄ = mean of Pᵢ, pⱼ = Σᵢ nᵢⱼ / (N n),
 * P̄ₑ = Σⱼ pⱼ², κ = (P̄ − P̄ₑ) / (1 − P̄ₑ).
 */

export interface GroupAgreement {
  items: number;
  raters: number;
  /** Mean agreement over items (P̄), null when not defined. */
  observed: number | null;
  /** Agreement expected by chance (P̄ₑ), null when not defined. */
  expected: number | null;
  /** Null with no items, fewer than two raters, or a single category used throughout. */
  kappa: number | null;
}

/**
 * Kappa of `ratings`: one row per item, each the verdicts its raters gave (the same number of
 * raters for every item; an item someone did not rate is left out by the caller).
 */
export function fleissKappa(ratings: readonly (readonly number[])[]): GroupAgreement {
  const items = ratings.length;
  const raters = ratings[0]?.length ?? 0;
  const undefinedKappa = { items, raters, observed: null, expected: null, kappa: null };
  if (items === 0 || raters < 2) return undefinedKappa;
  const totals = new Map<number, number>();
  let sumP = 0;
  for (const row of ratings) {
    if (row.length !== raters) throw new RangeError(`Fleiss' kappa needs the same number of raters per item: ${row.length} and ${raters}`);
    const counts = new Map<number, number>();
    for (const v of row) counts.set(v, (counts.get(v) ?? 0) + 1);
    let squares = 0;
    for (const [category, n] of counts) {
      squares += n * n;
      totals.set(category, (totals.get(category) ?? 0) + n);
    }
    sumP += (squares - raters) / (raters * (raters - 1));
  }
  const observed = sumP / items;
  let expected = 0;
  for (const n of totals.values()) expected += (n / (items * raters)) ** 2;
  if (expected === 1) return { items, raters, observed, expected, kappa: null };
  return { items, raters, observed, expected, kappa: (observed - expected) / (1 - expected) };
}
