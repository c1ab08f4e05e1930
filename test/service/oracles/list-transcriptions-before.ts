/**
 * The oracle: list-transcriptions as it was before it read plain rows with the tags joined in
 * (Prisma models, then resolveTags). Kept only to prove the new implementation gives the same answer.
 */
import { transcriptionReadCap } from '../../../src/contract/transcriptions.js';
import { resolveTags } from '../../../src/service/transcriptions/resolve-tags.js';
import { toTranscriptionListItem } from '../../../src/service/transcriptions/transcription-wire.js';
import type { ServiceDeps } from '../../../src/service/service-deps.js';

export async function listTranscriptionsBefore(deps: ServiceDeps, accountId: string) {
  const [rows, counts] = await Promise.all([
    deps.db.transcription.findMany({
      where: { accountId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: transcriptionReadCap,
      select: {
        id: true,
        status: true,
        configurationId: true,
        configurationTag: true,
        duration: true,
        group: true,
        name: true,
        createdAt: true,
        score: true,
        criticalFail: true,
        evaluationStatus: true,
        participantId: true,
        evaluatorId: true,
      },
    }),
    deps.db.transcription.groupBy({ by: ['status'], where: { accountId }, _count: { _all: true } }),
  ]);
  const countOf = (status: string) => counts.find((c) => c.status === status)?._count._all ?? 0;
  const total = counts.reduce((sum, c) => sum + c._count._all, 0);
  const tags = await resolveTags(deps.db, accountId, {
    participantIds: rows.map((r) => r.participantId),
    evaluatorIds: rows.map((r) => r.evaluatorId),
  });
  return {
    total_transcriptions: total,
    query_limit_reached: total > rows.length,
    statistics: { completed: countOf('COMPLETED'), failed: countOf('FAILED'), in_progress: countOf('IN_PROGRESS') },
    transcriptions: rows.map((row) => toTranscriptionListItem(row, tags)),
  };
}
