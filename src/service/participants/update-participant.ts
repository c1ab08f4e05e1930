import { defineOperation } from '../http/operation.js';
import { orNotFound } from '../not-found.js';
import { toParticipantWire } from './participant-wire.js';

/**
 * Omitted fields stay unchanged; metadata, when sent, replaces the whole object. With neither,
 * only updated_at moves (spec).
 */
export const updateParticipant = defineOperation('update-participant', async (input, { accountId, deps }) => {
  const row = await orNotFound(
    deps.db.participant.update({
      where: { id: input.participant_id, accountId },
      data: { tag: input.tag, metadata: input.metadata, updatedAt: deps.now() },
    }),
    `Participant not found: ${input.participant_id}`,
  );
  return { message: 'Participant updated successfully', participant: toParticipantWire(row) };
});
