import { defineOperation } from '../http/operation.js';
import { toEvaluatorWire } from './evaluator-wire.js';
import { findEvaluator } from './find-evaluator.js';

/** The answer's `data` is the evaluator itself (spec). */
export const getEvaluator = defineOperation('get-evaluator', async (input, { accountId, deps }) => {
  return toEvaluatorWire(await findEvaluator(deps.db, accountId, input.evaluator_id));
});
