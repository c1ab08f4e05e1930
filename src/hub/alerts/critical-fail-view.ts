import type { Db } from '../../db.js';
import type { Prisma } from '../../generated/prisma/client.js';

/** What an alert shows about one critical fail, read from the mirror. */
export interface CriticalFailView {
  transcriptionId: string;
  name: string | null;
  score: number | null;
  evaluatorId: string | null;
  evaluatorTag: string | null;
  participantTag: string | null;
  configurationTag: string | null;
  /** Seconds. */
  duration: number | null;
  recordedAt: Date;
  group: string | null;
  isDeleted: boolean;
  failedStrict: { name: string; reasoning: string; quote: string }[];
}

/** The mirror's current state of a transcription, with its failed strict criteria in order. */
export async function loadCriticalFailView(db: Db | Prisma.TransactionClient, transcriptionId: string): Promise<CriticalFailView | null> {
  const row = await db.hubTranscription.findUnique({
    where: { id: transcriptionId },
    include: { results: { where: { type: 'strict', status: 'FAIL' }, orderBy: { position: 'asc' } } },
  });
  if (!row) return null;
  return {
    transcriptionId: row.id,
    name: row.name,
    score: row.score,
    evaluatorId: row.evaluatorId,
    evaluatorTag: row.evaluatorTag,
    participantTag: row.participantTag,
    configurationTag: row.configurationTag,
    duration: row.duration,
    recordedAt: row.recordedAt,
    group: row.group,
    isDeleted: row.deletedAt !== null,
    failedStrict: row.results.map((r) => ({ name: r.name, reasoning: r.reasoning, quote: r.quote })),
  };
}
