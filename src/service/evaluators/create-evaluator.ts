import { maxEvaluatorsPerAccount } from '../../contract/evaluators.js';
import { AppError } from '../../lib/errors/app-error.js';
import { lockAccount } from '../accounts/lock-account.js';
import { defineOperation } from '../http/operation.js';
import { storedWeight } from './criterion-weight.js';
import { criteriaInOrder, toEvaluatorWire } from './evaluator-wire.js';

/** Criterion ids are generated; an id sent on create is ignored. */
export const createEvaluator = defineOperation('create-evaluator', async (input, { accountId, deps }) => {
  const row = await deps.db.$transaction(async (tx) => {
    await lockAccount(tx, accountId);
    if ((await tx.evaluator.count({ where: { accountId } })) >= maxEvaluatorsPerAccount) {
      throw new AppError('limit_exceeded', `Maximum of ${maxEvaluatorsPerAccount} evaluators per client exceeded`);
    }
    return tx.evaluator.create({
      data: {
        accountId,
        tag: input.tag,
        description: input.description,
        language: input.language,
        context: input.context,
        criteria: {
          create: input.criteria.map((c, position) => ({
            name: c.name,
            description: c.description ?? '',
            type: c.type,
            weight: storedWeight(c.type, c.weight),
            position,
          })),
        },
      },
      include: criteriaInOrder,
    });
  });
  return { message: 'Evaluator created successfully', evaluator: toEvaluatorWire(row) };
});
