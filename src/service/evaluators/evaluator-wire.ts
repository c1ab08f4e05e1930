import type { Evaluator } from '../../contract/evaluators.js';
import type { Criterion, Evaluator as EvaluatorRow } from '../../generated/prisma/client.js';
import { formatTimestamp } from '../format-timestamp.js';

export type EvaluatorWithCriteria = EvaluatorRow & { criteria: Criterion[] };

/** Criteria in their submitted order. */
export const criteriaInOrder = { criteria: { orderBy: { position: 'asc' } } } as const;

export function toEvaluatorWire(row: EvaluatorWithCriteria): Evaluator {
  return {
    evaluator_id: row.id,
    tag: row.tag,
    description: row.description,
    language: row.language,
    context: row.context,
    criteria: row.criteria.map((c) => ({
      id: c.id,
      name: c.name,
      description: c.description,
      type: c.type,
      weight: c.weight,
    })),
    created_at: formatTimestamp(row.createdAt),
  };
}
