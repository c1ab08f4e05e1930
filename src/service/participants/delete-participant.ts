import { defineOperation } from '../http/operation.js';
import { orNotFound } from '../not-found.js';

/** Permanent. Transcriptions keep the participant_id; its tag no longer resolves (null). */
export const deleteParticipant = defineOperation('delete-participant', async (input, { accountId, deps }) => {
  await orNotFound(
    deps.db.participant.delete({ where: { id: input.participant_id, accountId } }),
    `Participant not found: ${input.participant_id}`,
  );
  return { message: 'Participant deleted successfully' };
});
