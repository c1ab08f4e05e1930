/**
 * Arithmetic of the dashboards. Averages and rates are rounded to 2 decimals (docs/decisions.md), half
 * away from zero; the tiny nudge absorbs binary representation error (1.005 → 1.01, not 1.00).
 */
export function round2(value: number): number {
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * 100 + 1e-9)) / 100;
  return rounded === 0 ? 0 : rounded;
}

function sumOf(values: readonly number[]): number {
  let sum = 0;
  for (const value of values) sum += value;
  return sum;
}

/** The mean, or null for no values (no data, never 0). */
export function meanOf(values: readonly number[]): number | null {
  return values.length === 0 ? null : sumOf(values) / values.length;
}

export const roundOrNull = (value: number | null): number | null => (value === null ? null : round2(value));

/** `part` as a percentage (0..100) of `whole`, rounded; null when whole is 0. */
export const percentOf = (part: number, whole: number): number | null => (whole === 0 ? null : round2((100 * part) / whole));

/** Population standard deviation (divides by n). */
export function populationStdDevOf(values: readonly number[]): number {
  const mean = meanOf(values) ?? 0;
  return Math.sqrt(sumOf(values.map((v) => (v - mean) ** 2)) / values.length);
}

/** Nearest-rank percentile of ascending values: the value at rank ⌈p/100 × n⌉. */
export function nearestRankOf(ascending: ArrayLike<number>, percentile: number): number | null {
  if (ascending.length === 0) return null;
  const rank = Math.max(1, Math.ceil((percentile / 100) * ascending.length));
  return ascending[rank - 1] ?? null;
}
