/**
 * Exactly-once bookkeeping for scenarios: per id, how many of something were expected and how
 * many were found; extras add to `duplicates`, shortfalls to `lost`.
 */
export interface Tally {
  expected: number;
  found: number;
  duplicates: number;
  lost: number;
  /** Ids with too many or too few, for the assertion messages. */
  wrong: string[];
}

export function tallyPerId(ids: readonly string[], expected: (id: string) => number, found: (id: string) => number): Tally {
  const tally: Tally = { expected: 0, found: 0, duplicates: 0, lost: 0, wrong: [] };
  for (const id of ids) {
    const want = expected(id);
    const have = found(id);
    tally.expected += want;
    tally.found += have;
    tally.duplicates += Math.max(0, have - want);
    tally.lost += Math.max(0, want - have);
    if (have !== want) tally.wrong.push(`${id}: ${have}/${want}`);
  }
  return tally;
}

/** Counts of each value of a list (e.g. rows per transcription id). */
export function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}
