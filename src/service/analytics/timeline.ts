import type { z } from 'zod';
import type { TimelinePoint } from '../../contract/analytics.js';
import { meanOf, roundOrNull } from './numbers.js';
import type { ScoredTranscription } from './select-scored-transcriptions.js';
import { dayOf } from './utc-instant.js';

/** charts.timeline: one point per UTC day with calls, oldest first. */
export function buildTimeline(rows: readonly ScoredTranscription[]): z.output<typeof TimelinePoint>[] {
  const days = new Map<string, { scores: number[]; critical: number }>();
  for (const row of rows) {
    const day = dayOf(row.date);
    const entry = days.get(day) ?? { scores: [], critical: 0 };
    entry.scores.push(row.score);
    if (row.critical) entry.critical += 1;
    days.set(day, entry);
  }
  return [...days.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, { scores, critical }]) => ({
      date,
      avg_score: roundOrNull(meanOf(scores)),
      volume: scores.length,
      critical_fails: critical,
    }));
}
