import type { Db } from '../../../../db.js';
import { participantScope, type Viewer } from '../../../review/agent-scope.js';

export interface MyCall {
  id: string;
  name: string | null;
  recordedAt: Date | null;
  status: string;
  /** The score and flag in force: a lead's verdicts over the AI's. */
  score: number | null;
  criticalFail: boolean | null;
  isReviewed: boolean;
}

/** An agent's calls (their participant's), newest first, with the effective score and critical-fail flag. */
export async function listMyCalls(db: Db, viewer: Viewer, limit = 200): Promise<MyCall[]> {
  const scope = participantScope(viewer);
  if (!scope) return [];
  const calls = await db.hubTranscription.findMany({
    where: { participantId: scope, deletedAt: null },
    orderBy: [{ recordedAt: 'desc' }, { id: 'desc' }],
    take: limit,
    select: { id: true, name: true, recordedAt: true, status: true, score: true, criticalFail: true },
  });
  const reviews = await db.hubReview.findMany({ where: { transcriptionId: { in: calls.map((c) => c.id) } } });
  const reviewOf = new Map(reviews.map((r) => [r.transcriptionId, r]));
  return calls.map((c) => {
    const review = reviewOf.get(c.id);
    return {
      id: c.id,
      name: c.name,
      recordedAt: c.recordedAt,
      status: c.status,
      score: review ? review.effectiveScore : c.score,
      criticalFail: review ? review.effectiveCriticalFail : c.criticalFail,
      isReviewed: review !== undefined && review.overrideCount > 0,
    };
  });
}
