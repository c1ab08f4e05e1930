import type { Db } from '../../../db.js';

/**
 * The open calibration session in which this user still has to score this call, if any: until
 * they submit, the call view must not show them the AI's verdicts or the overrides
 * (docs/console.md, "Calibration").
 */
export async function findBlindSession(db: Db, userId: string, transcriptionId: string): Promise<{ id: string; title: string } | null> {
  return db.hubCalibrationSession.findFirst({
    where: { revealedAt: null, calls: { some: { transcriptionId } }, reviewers: { some: { userId, submittedAt: null } } },
    orderBy: { createdAt: 'desc' },
    select: { id: true, title: true },
  });
}
