import { defineOperation } from '../http/operation.js';
import { toParticipantWire } from './participant-wire.js';

/** Newest first, like list-evaluators. */
export const listParticipants = defineOperation('list-participants', async (_input, { accountId, deps }) => {
  const rows = await deps.db.participant.findMany({
    where: { accountId },
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
  });
  return { items: rows.map(toParticipantWire), count: rows.length };
});
