import type { Db } from '../../db.js';
import { AppError } from '../../lib/errors/app-error.js';
import { criteriaInOrder, type EvaluatorWithCriteria } from './evaluator-wire.js';

export async function findEvaluator(db: Db, accountId: string, evaluatorId: string): Promise<EvaluatorWithCriteria> {
  const found = await db.evaluator.findFirst({ where: { id: evaluatorId, accountId }, include: criteriaInOrder });
  if (!found) throw new AppError('not_found', `Evaluator not found: ${evaluatorId}`);
  return found;
}
