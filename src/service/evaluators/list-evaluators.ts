import { defineOperation } from '../http/operation.js';
import { criteriaInOrder, toEvaluatorWire } from './evaluator-wire.js';

/** Newest first by created_at (spec). */
export const listEvaluators = defineOperation('list-evaluators', async (_input, { accountId, deps }) => {
  const rows = await deps.db.evaluator.findMany({
    where: { accountId },
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    include: criteriaInOrder,
  });
  return { items: rows.map(toEvaluatorWire), count: rows.length };
});
