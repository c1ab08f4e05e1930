import { defineOperation } from '../http/operation.js';
import { orNotFound } from '../not-found.js';

/** Permanent and irreversible; its criterion results and its stored recording go with it. */
export const deleteTranscription = defineOperation('delete-transcription', async (input, { accountId, deps }) => {
  const deleted = await orNotFound(
    deps.db.transcription.delete({ where: { id: input.transcription_id, accountId }, select: { recordingKey: true } }),
    `Transcription not found: ${input.transcription_id}`,
  );
  // After the row: a failed file removal leaves an orphan file, never a transcription without its recording.
  if (deleted.recordingKey) {
    const key = deleted.recordingKey;
    await deps.storage
      .delete(key)
      .catch((error: unknown) => deps.logger.warn({ err: error, recordingKey: key }, 'stored recording not deleted'));
  }
  return { message: 'Transcription deleted successfully' };
});
