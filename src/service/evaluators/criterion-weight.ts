import type { CriterionType } from '../../contract/evaluators.js';

/** strict criteria only trigger critical fails; they are stored with weight 0 whatever is sent. */
export function storedWeight(type: CriterionType, weight: number): number {
  return type === 'strict' ? 0 : weight;
}
