import { AppError } from '../../lib/errors/app-error.js';
import { defineOperation } from '../http/operation.js';
import { toParticipantWire } from './participant-wire.js';

export const getParticipant = defineOperation('get-participant', async (input, { accountId, deps }) => {
  const row = await deps.db.participant.findFirst({ where: { id: input.participant_id, accountId } });
  if (!row) throw new AppError('not_found', `Participant not found: ${input.participant_id}`);
  return { participant: toParticipantWire(row) };
});
