import type { z } from 'zod';
import type { CriterionEvolution } from '../../contract/analytics.js';
import type { CriterionMonthStats } from './aggregate-criterion-results.js';
import type { CurrentCriterion } from './load-account-directory.js';
import { round2 } from './numbers.js';

/**
 * criteria_evolution, keyed by criterion id: the same criteria as criteria_breakdown, each with
 * its months (`YYYY-MM`, UTC, oldest first) holding the mean on the criterion's own scale and the
 * count; a criterion never evaluated in the set has no periods.
 */
export function buildCriteriaEvolution(
  criteria: readonly CurrentCriterion[],
  stats: readonly CriterionMonthStats[],
): Record<string, z.output<typeof CriterionEvolution>> {
  const byCriterion = new Map<string, CriterionMonthStats[]>();
  for (const s of stats) byCriterion.set(s.criterionId, [...(byCriterion.get(s.criterionId) ?? []), s]);
  const evolution: Record<string, z.output<typeof CriterionEvolution>> = {};
  for (const criterion of criteria) {
    const months = (byCriterion.get(criterion.id) ?? []).sort((a, b) => (a.period < b.period ? -1 : 1));
    evolution[criterion.id] = {
      name: criterion.name,
      type: criterion.type,
      evaluator_id: criterion.evaluatorId,
      evaluator_tag: criterion.evaluatorTag,
      periods: months.map((m) => ({ period: m.period, avg_score: round2(m.rawSum / m.evaluated), count: m.evaluated })),
    };
  }
  return evolution;
}
