import type { z } from 'zod';
import type { Kpis } from '../../contract/analytics.js';
import { meanOf, percentOf, roundOrNull } from './numbers.js';
import { isPass } from './pass-rule.js';
import type { ScoredTranscription } from './select-scored-transcriptions.js';

/**
 * kpis: calls, mean score, pass rate (score ≥ 50 and no critical fail), critical fails, and the
 * critical fails still waiting for review (group PENDING_REVIEW or none).
 */
export function computeKpis(rows: readonly ScoredTranscription[]): z.output<typeof Kpis> {
  let passed = 0;
  let critical = 0;
  let pending = 0;
  for (const row of rows) {
    if (isPass(row.score, row.critical)) passed += 1;
    if (row.critical) {
      critical += 1;
      if (row.group === null || row.group === 'PENDING_REVIEW') pending += 1;
    }
  }
  return {
    total_calls: rows.length,
    avg_score: roundOrNull(meanOf(rows.map((r) => r.score))),
    pass_rate: percentOf(passed, rows.length),
    total_critical_fails: critical,
    pending_critical_reviews: pending,
  };
}
