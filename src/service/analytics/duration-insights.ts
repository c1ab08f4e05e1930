import type { z } from 'zod';
import type { DurationInsights } from '../../contract/analytics.js';
import { meanOf, nearestRankOf, roundOrNull } from './numbers.js';
import type { ScoredTranscription } from './select-scored-transcriptions.js';

/**
 * docs/decisions.md: p25 and p75 of the durations by nearest rank; short < p25, long > p75, medium
 * otherwise (the thresholds themselves are medium). avg_score is null for an empty bucket.
 */
export function computeDurationInsights(rows: readonly ScoredTranscription[]): z.output<typeof DurationInsights> {
  const ascending = rows.map((r) => r.duration).sort((a, b) => a - b);
  const p25 = nearestRankOf(ascending, 25);
  const p75 = nearestRankOf(ascending, 75);
  const buckets = { short: [] as number[], medium: [] as number[], long: [] as number[] };
  if (p25 !== null && p75 !== null) {
    for (const row of rows) {
      const bucket = row.duration < p25 ? 'short' : row.duration > p75 ? 'long' : 'medium';
      buckets[bucket].push(row.score);
    }
  }
  const summaryOf = (scores: number[]) => ({ count: scores.length, avg_score: roundOrNull(meanOf(scores)) });
  return {
    thresholds: { p25, p75 },
    short: summaryOf(buckets.short),
    medium: summaryOf(buckets.medium),
    long: summaryOf(buckets.long),
  };
}
