import type { z } from 'zod';
import type { Heatmap } from '../../contract/analytics.js';
import { meanOf, round2 } from './numbers.js';
import type { ScoredTranscription } from './select-scored-transcriptions.js';
import { dayOf, hourOf, weekdayOf } from './utc-instant.js';

/** Indexed by weekdayOf (0 = sunday). */
const weekdays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
/** Key order of the answer: the ISO week. */
const weekOrder = [1, 2, 3, 4, 5, 6, 0];

/**
 * charts.heatmap: lowercase weekday → hour "0".."23" → mean score, both in UTC from created_at
 * (a date-only period_date is hour "0"). Only cells with calls are present.
 */
export function buildHeatmap(rows: readonly ScoredTranscription[]): z.output<typeof Heatmap> {
  const cells = new Map<number, number[]>();
  for (const row of rows) {
    const cell = weekdayOf(dayOf(row.date)) * 24 + hourOf(row.date);
    const scores = cells.get(cell) ?? [];
    scores.push(row.score);
    cells.set(cell, scores);
  }
  const heatmap: z.output<typeof Heatmap> = {};
  for (const day of weekOrder) {
    const hours: Record<string, number> = {};
    for (let hour = 0; hour < 24; hour += 1) {
      const scores = cells.get(day * 24 + hour);
      if (scores) hours[String(hour)] = round2(meanOf(scores) ?? 0);
    }
    if (Object.keys(hours).length > 0) heatmap[weekdays[day] as string] = hours;
  }
  return heatmap;
}
