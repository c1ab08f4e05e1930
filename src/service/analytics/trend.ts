import type { z } from 'zod';
import type { Trend } from '../../contract/analytics.js';
import { meanOf, round2 } from './numbers.js';
import type { ScoredTranscription } from './select-scored-transcriptions.js';

type TrendMember = z.output<typeof Trend>;

/** Fewer scored calls than this: insufficient_data. */
const minimumTrendSample = 6;

/**
 * docs/decisions.md: the calls by created_at, split in halves (odd count: the middle call goes to the
 * newer half); delta = recent − previous of the averages as shown (rounded): ≥ 5 improving,
 * ≤ −5 declining, else stable. degradation_alert: declining with delta ≤ −10.
 */
export function computeTrend(newestFirst: readonly ScoredTranscription[]): { trend: TrendMember; degradationAlert: boolean } {
  const sampleSize = newestFirst.length;
  if (sampleSize < minimumTrendSample) {
    return {
      trend: { direction: 'insufficient_data', recent_avg: null, previous_avg: null, sample_size: sampleSize },
      degradationAlert: false,
    };
  }
  const oldestFirst = [...newestFirst].reverse();
  const olderCount = Math.floor(sampleSize / 2);
  const previousAvg = round2(meanOf(oldestFirst.slice(0, olderCount).map((r) => r.score)) ?? 0);
  const recentAvg = round2(meanOf(oldestFirst.slice(olderCount).map((r) => r.score)) ?? 0);
  const delta = round2(recentAvg - previousAvg);
  const direction = delta >= 5 ? 'improving' : delta <= -5 ? 'declining' : 'stable';
  return {
    trend: { direction, recent_avg: recentAvg, previous_avg: previousAvg, sample_size: sampleSize },
    degradationAlert: direction === 'declining' && delta <= -10,
  };
}
