import { defineOperation } from '../http/operation.js';
import { orNotFound } from '../not-found.js';

/** Permanent; its criteria go with it. Transcriptions keep their evaluator_id and results. */
export const deleteEvaluator = defineOperation('delete-evaluator', async (input, { accountId, deps }) => {
  await orNotFound(
    deps.db.evaluator.delete({ where: { id: input.evaluator_id, accountId } }),
    `Evaluator not found: ${input.evaluator_id}`,
  );
  return { message: 'Evaluator deleted successfully' };
});
