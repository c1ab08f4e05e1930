import { transcriptionReadCap } from '../../contract/transcriptions.js';
import { defineOperation } from '../http/operation.js';
import { resolveTags } from './resolve-tags.js';
import { toTranscriptionListItem } from './transcription-wire.js';

/**
 * Newest first (by created_at, the recording date), at most 20,000; query_limit_reached says the
 * cap cut the list. total_transcriptions and statistics count every transcription of the account.
 */
export const listTranscriptions = defineOperation('list-transcriptions', async (_input, { accountId, deps }) => {
  const [rows, counts] = await Promise.all([
    deps.db.transcription.findMany({
      where: { accountId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: transcriptionReadCap,
      select: {
        id: true, status: true, configurationId: true, configurationTag: true, duration: true, group: true,
        name: true, createdAt: true, score: true, criticalFail: true, evaluationStatus: true,
        participantId: true, evaluatorId: true,
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
});
