import { type CriterionInput } from '../../contract/evaluators.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { AppError } from '../../lib/errors/app-error.js';
import { defineOperation } from '../http/operation.js';
import { storedWeight } from './criterion-weight.js';
import { criteriaInOrder, toEvaluatorWire } from './evaluator-wire.js';

/**
 * Only evaluator_id is required. `criteria`, when sent, is the complete new list (docs/decisions.md):
 * an item with an id updates that criterion (an id not on this evaluator is 400), an item without
 * one is added with a new id, and criteria left out are removed. `tag` cannot change.
 */
export const updateEvaluator = defineOperation('update-evaluator', async (input, { accountId, deps }) => {
  const row = await deps.db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM svc_evaluators WHERE id = ${input.evaluator_id}::uuid AND account_id = ${accountId}::uuid FOR UPDATE`;
    if (locked.length === 0) throw new AppError('not_found', `Evaluator not found: ${input.evaluator_id}`);
    await tx.evaluator.update({
      where: { id: input.evaluator_id },
      data: { description: input.description, language: input.language, context: input.context },
    });
    if (input.criteria) await replaceCriteria(tx, input.evaluator_id, input.criteria);
    return tx.evaluator.findUniqueOrThrow({ where: { id: input.evaluator_id }, include: criteriaInOrder });
  });
  return { message: 'Evaluator updated successfully', evaluator: toEvaluatorWire(row) };
});

async function replaceCriteria(tx: Prisma.TransactionClient, evaluatorId: string, criteria: CriterionInput[]) {
  const existing = await tx.criterion.findMany({ where: { evaluatorId }, select: { id: true, description: true } });
  const existingIds = new Map(existing.map((c) => [c.id, c.description]));
  criteria.forEach((c, index) => {
    if (c.id && !existingIds.has(c.id.toLowerCase())) {
      throw new AppError('invalid_value', `Invalid criteria[${index}].id: ${c.id} is not a criterion of this evaluator`);
    }
  });
  const kept = new Set(criteria.flatMap((c) => (c.id ? [c.id.toLowerCase()] : [])));
  await tx.criterion.deleteMany({ where: { evaluatorId, id: { notIn: [...kept] } } });
  for (const [position, c] of criteria.entries()) {
    const fields = {
      name: c.name,
      description: c.description ?? (c.id ? existingIds.get(c.id.toLowerCase()) : undefined) ?? '',
      type: c.type,
      weight: storedWeight(c.type, c.weight),
      position,
    };
    if (c.id) await tx.criterion.update({ where: { id: c.id.toLowerCase() }, data: fields });
    else await tx.criterion.create({ data: { ...fields, evaluatorId } });
  }
}
