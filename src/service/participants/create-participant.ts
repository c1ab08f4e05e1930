import { maxParticipantsPerAccount } from '../../contract/participants.js';
import { AppError } from '../../lib/errors/app-error.js';
import { lockAccount } from '../accounts/lock-account.js';
import { defineOperation } from '../http/operation.js';
import { toParticipantWire } from './participant-wire.js';

export const createParticipant = defineOperation('create-participant', async (input, { accountId, deps }) => {
  const row = await deps.db.$transaction(async (tx) => {
    await lockAccount(tx, accountId);
    if ((await tx.participant.count({ where: { accountId } })) >= maxParticipantsPerAccount) {
      throw new AppError('limit_exceeded', `Maximum of ${maxParticipantsPerAccount} participants per client exceeded`);
    }
    const now = deps.now();
    return tx.participant.create({
      data: { accountId, tag: input.tag, metadata: input.metadata, createdAt: now, updatedAt: now },
    });
  });
  return { message: 'Participant created successfully', participant: toParticipantWire(row) };
});
