import type { z } from 'zod';
import type { scoreBuckets, ScoreDistribution } from '../../contract/analytics.js';
import type { ScoredTranscription } from './select-scored-transcriptions.js';

type Bucket = (typeof scoreBuckets)[number];

/** Buckets by upper bound, so a fractional score falls in the next one up: 20 → 0-20, 20.5 → 21-40. */
const upperBounds: [number, Bucket][] = [
  [20, '0-20'],
  [40, '21-40'],
  [60, '41-60'],
  [80, '61-80'],
  [Infinity, '81-100'],
];

export function computeScoreDistribution(rows: readonly ScoredTranscription[]): z.output<typeof ScoreDistribution> {
  const counts = { '0-20': 0, '21-40': 0, '41-60': 0, '61-80': 0, '81-100': 0 };
  for (const row of rows) {
    const bucket = upperBounds.find(([bound]) => row.score <= bound)?.[1] ?? '81-100';
    counts[bucket] += 1;
  }
  return counts;
}
