import { ParticipantIdRequest } from '../../contract/participants.js';
import { AppError } from '../../lib/errors/app-error.js';
import { defineOperation } from '../http/operation.js';
import { toParticipantWire } from './participant-wire.js';

export const getParticipant = defineOperation({
  name: 'get-participant',
  request: ParticipantIdRequest,
  async handle(input, { accountId, deps }) {
    const row = await deps.db.participant.findFirst({ where: { id: input.participant_id, accountId } });
    if (!row) throw new AppError('not_found', `Participant not found: ${input.participant_id}`);
    return { participant: toParticipantWire(row) };
  },
});
