import { defineOperation } from '../http/operation.js';
import { orNotFound } from '../not-found.js';
import { loadTranscriptionWire } from './find-transcription.js';

/** Sets the review group, or clears it with "". Any order of groups is allowed. */
export const updateTranscriptionGroup = defineOperation('update-transcription-group', async (input, { accountId, deps }) => {
  await orNotFound(
    deps.db.transcription.update({
      where: { id: input.transcription_id, accountId },
      data: { group: input.group === '' ? null : input.group },
    }),
    `Transcription not found: ${input.transcription_id}`,
  );
  return {
    message: 'Transcription group updated successfully',
    transcription: await loadTranscriptionWire(deps.db, accountId, input.transcription_id),
  };
});
