import type { z } from 'zod';
import type { CriterionBreakdown } from '../../contract/analytics.js';
import type { CriterionMonthStats } from './aggregate-criterion-results.js';
import type { CurrentCriterion } from './load-account-directory.js';
import { percentOf, roundOrNull } from './numbers.js';

type BreakdownEntry = z.output<typeof CriterionBreakdown>;

interface Totals {
  evaluated: number;
  failed: number;
  rawSum: number;
}

/** A criterion's results summed over every month. */
function sumCriterionMonths(stats: readonly CriterionMonthStats[]): Map<string, Totals> {
  const totals = new Map<string, Totals>();
  for (const s of stats) {
    const t = totals.get(s.criterionId) ?? { evaluated: 0, failed: 0, rawSum: 0 };
    totals.set(s.criterionId, { evaluated: t.evaluated + s.evaluated, failed: t.failed + s.failed, rawSum: t.rawSum + s.rawSum });
  }
  return totals;
}

/** The mean on a common 0..1 axis, for ordering only: scale criteria run 1..5. */
const normalisedMean = (criterion: CurrentCriterion, totals: Totals): number => {
  const mean = totals.rawSum / totals.evaluated;
  return criterion.type === 'scale' ? (mean - 1) / 4 : mean;
};

/**
 * criteria_breakdown: every criterion given (still on its evaluator), never-failed and
 * never-evaluated ones included. Rates are over evaluated_count; with no evaluation, rates and
 * avg_score are null ("no data"). avg_score is on the criterion's own scale (0..1 boolean and
 * strict, 1..5 scale). Order (docs/decisions.md): fail_rate descending, then normalised avg_score
 * ascending, then name, evaluator tag and id; criteria without data last, by name, tag and id.
 */
export function buildCriteriaBreakdown(criteria: readonly CurrentCriterion[], stats: readonly CriterionMonthStats[]): BreakdownEntry[] {
  const totals = sumCriterionMonths(stats);
  const ranked = criteria.map((criterion) => {
    const t = totals.get(criterion.id) ?? { evaluated: 0, failed: 0, rawSum: 0 };
    const entry: BreakdownEntry = {
      id: criterion.id,
      name: criterion.name,
      type: criterion.type,
      evaluator_id: criterion.evaluatorId,
      evaluator_tag: criterion.evaluatorTag,
      evaluated_count: t.evaluated,
      fail_count: t.failed,
      fail_rate: percentOf(t.failed, t.evaluated),
      pass_count: t.evaluated - t.failed,
      pass_rate: percentOf(t.evaluated - t.failed, t.evaluated),
      avg_score: t.evaluated === 0 ? null : roundOrNull(t.rawSum / t.evaluated),
    };
    const keys = t.evaluated === 0 ? null : { failShare: t.failed / t.evaluated, mean: normalisedMean(criterion, t) };
    return { entry, keys };
  });
  ranked.sort((a, b) => {
    if (a.keys && b.keys) {
      if (a.keys.failShare !== b.keys.failShare) return b.keys.failShare - a.keys.failShare;
      if (a.keys.mean !== b.keys.mean) return a.keys.mean - b.keys.mean;
    } else if (a.keys || b.keys) {
      return a.keys ? -1 : 1;
    }
    return (
      compareText(a.entry.name, b.entry.name) ||
      compareText(a.entry.evaluator_tag, b.entry.evaluator_tag) ||
      compareText(a.entry.id, b.entry.id)
    );
  });
  return ranked.map((r) => r.entry);
}

/** Code-point order: the same everywhere, whatever the locale. */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
