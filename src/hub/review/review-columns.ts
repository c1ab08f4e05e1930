import type { Db } from '../../db.js';
import { formatVerdict } from './effective-scoring.js';

/** What a report row adds about the human review of its call (hub-only data, never upstream). */
export interface ReviewColumns {
  humanScore: number | null;
  humanCritical: boolean | null;
  /** `Criterion: AI FAIL → PASS (reason)`, joined with "; ". */
  overrides: string;
  /** The notes' texts, oldest first, joined with " | ". */
  notes: string;
}

/** The review columns of the given calls that were reviewed in the console (others are absent). */
export async function loadReviewColumns(db: Db, ids: readonly string[]): Promise<Map<string, ReviewColumns>> {
  const lowered = [...new Set(ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id)).map((id) => id.toLowerCase()))];
  const columns = new Map<string, ReviewColumns>();
  for (let i = 0; i < lowered.length; i += 5_000) {
    const chunk = lowered.slice(i, i + 5_000);
    const [reviews, overrides, notes] = await Promise.all([
      db.hubReview.findMany({ where: { transcriptionId: { in: chunk } } }),
      db.$queryRaw<{ transcriptionId: string; name: string; type: string; ai: number; value: number; reason: string }[]>`
        SELECT o.transcription_id::text AS "transcriptionId", c.name, c.type, c.score_raw_ai AS ai, o.value, o.reason
        FROM hub_review_overrides o JOIN hub_criterion_results c ON c.transcription_id = o.transcription_id AND c.criterion_id = o.criterion_id
        WHERE o.transcription_id = ANY(${chunk}::uuid[]) ORDER BY c.position`,
      db.hubReviewNote.findMany({ where: { transcriptionId: { in: chunk } }, orderBy: { createdAt: 'asc' } }),
    ]);
    for (const r of reviews) {
      const o = overrides.filter((x) => x.transcriptionId === r.transcriptionId);
      const n = notes.filter((x) => x.transcriptionId === r.transcriptionId);
      columns.set(r.transcriptionId, {
        humanScore: r.effectiveScore,
        humanCritical: r.effectiveCriticalFail,
        overrides: o
          .map((x) => `${x.name}: AI ${formatVerdict(x.type, x.ai)} → ${formatVerdict(x.type, x.value)} (${x.reason})`)
          .join('; '),
        notes: n.map((x) => x.body.replace(/\s+/g, ' ')).join(' | '),
      });
    }
  }
  return columns;
}
