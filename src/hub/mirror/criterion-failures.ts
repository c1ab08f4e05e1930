import type { Db } from '../../db.js';

/**
 * "All FAILs of criterion X last week": one range scan of the (criterion_id, status,
 * recorded_at) index of hub_criterion_results, newest first, with the transcription it belongs to.
 */
export function findCriterionFailures(db: Db, query: { criterionId: string; from: Date; to: Date; limit?: number }) {
  return db.hubCriterionResult.findMany({
    where: { criterionId: query.criterionId, status: 'FAIL', recordedAt: { gte: query.from, lt: query.to } },
    orderBy: { recordedAt: 'desc' },
    take: query.limit ?? 500,
    include: { transcription: { select: { id: true, name: true, participantTag: true, evaluatorTag: true, group: true, score: true } } },
  });
}
