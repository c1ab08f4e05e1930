import { defineOperation } from '../http/operation.js';
import { orNotFound } from '../not-found.js';

/** Permanent and irreversible; its criterion results go with it. */
export const deleteTranscription = defineOperation('delete-transcription', async (input, { accountId, deps }) => {
  await orNotFound(
    deps.db.transcription.delete({ where: { id: input.transcription_id, accountId } }),
    `Transcription not found: ${input.transcription_id}`,
  );
  return { message: 'Transcription deleted successfully' };
});
