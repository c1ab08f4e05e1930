import type { z } from 'zod';
import type { PeerStats } from '../../contract/analytics.js';
import { meanOf, percentOf, populationStdDevOf, round2, roundOrNull } from './numbers.js';
import type { ScoredTranscription } from './select-scored-transcriptions.js';

type PeerStatsEntry = z.output<typeof PeerStats>;

/**
 * docs/decisions.md: 100 − the population standard deviation of the scores, clamped to 0..100; null
 * with fewer than 2 calls (one call has no spread to speak of).
 */
export function computeConsistency(scores: readonly number[]): number | null {
  if (scores.length < 2) return null;
  return round2(Math.min(100, Math.max(0, 100 - populationStdDevOf(scores))));
}

/**
 * The participants (or evaluators) table: one entry per id the rows reference, with live tags
 * (null once deleted). Rows without one (no participant) are left out. Order: most calls first,
 * then tag (no tag last), then id.
 */
export function buildPeersTable(
  rows: readonly ScoredTranscription[],
  idOf: (row: ScoredTranscription) => string | null,
  tagOf: (id: string) => string | null,
): PeerStatsEntry[] {
  const groups = new Map<string, ScoredTranscription[]>();
  for (const row of rows) {
    const id = idOf(row);
    if (id === null) continue;
    const group = groups.get(id) ?? [];
    group.push(row);
    groups.set(id, group);
  }
  const entries = [...groups.entries()].map(([id, group]): PeerStatsEntry => {
    const scores = group.map((r) => r.score);
    const critical = group.filter((r) => r.critical).length;
    return {
      id,
      tag: tagOf(id),
      calls: group.length,
      avg_score: roundOrNull(meanOf(scores)),
      critical_fails: critical,
      critical_fail_rate: percentOf(critical, group.length),
      consistency: computeConsistency(scores),
      avg_duration: roundOrNull(meanOf(group.map((r) => r.duration))),
    };
  });
  return entries.sort(comparePeers);
}

/** Most calls first, then tag (no tag last), then id. */
export function comparePeers(a: PeerStatsEntry, b: PeerStatsEntry): number {
  if (a.calls !== b.calls) return b.calls - a.calls;
  if (a.tag !== b.tag) {
    if (a.tag === null) return 1;
    if (b.tag === null) return -1;
    return a.tag < b.tag ? -1 : 1;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
