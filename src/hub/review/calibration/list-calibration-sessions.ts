import type { Db } from '../../../db.js';

export interface CalibrationSessionSummary {
  id: string;
  title: string;
  createdAt: Date;
  deadline: Date | null;
  revealed: boolean;
  calls: number;
  reviewers: number;
  submitted: number;
  /** Whether the given viewer reviews it, and has submitted. */
  viewerIsReviewer: boolean;
  viewerSubmitted: boolean;
}

/** Sessions newest first, with their progress (never anyone's verdicts). */
export async function listCalibrationSessions(db: Db, viewerId: string | null, limit = 100): Promise<CalibrationSessionSummary[]> {
  const sessions = await db.hubCalibrationSession.findMany({
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit,
    include: { reviewers: true, _count: { select: { calls: true } } },
  });
  return sessions.map((s) => {
    const mine = s.reviewers.find((r) => r.userId === viewerId);
    return {
      id: s.id,
      title: s.title,
      createdAt: s.createdAt,
      deadline: s.deadline,
      revealed: s.revealedAt !== null,
      calls: s._count.calls,
      reviewers: s.reviewers.length,
      submitted: s.reviewers.filter((r) => r.submittedAt !== null).length,
      viewerIsReviewer: mine !== undefined,
      viewerSubmitted: mine?.submittedAt != null,
    };
  });
}
