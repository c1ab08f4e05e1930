import type { Db } from '../../db.js';
import { AppError } from '../../lib/errors/app-error.js';
import { resolveTags } from './resolve-tags.js';
import { resultsInOrder, toTranscriptionWire, type TranscriptionWithResults } from './transcription-wire.js';
import type { Transcription } from '../../contract/transcriptions.js';

export async function findTranscription(db: Db, accountId: string, transcriptionId: string): Promise<TranscriptionWithResults> {
  const row = await db.transcription.findFirst({ where: { id: transcriptionId, accountId }, include: resultsInOrder });
  if (!row) throw new AppError('not_found', `Transcription not found: ${transcriptionId}`);
  return row;
}

/** The full form of one transcription of the account, tags resolved. */
export async function loadTranscriptionWire(db: Db, accountId: string, transcriptionId: string): Promise<Transcription> {
  const row = await findTranscription(db, accountId, transcriptionId);
  const tags = await resolveTags(db, accountId, { participantIds: [row.participantId], evaluatorIds: [row.evaluatorId] });
  return toTranscriptionWire(row, tags);
}
