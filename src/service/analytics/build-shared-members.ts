import { buildComparison, emptyComparison } from './comparison.js';
import { computeDurationInsights } from './duration-insights.js';
import { computeKpis } from './compute-kpis.js';
import { buildCriteriaBreakdown } from './criteria-breakdown.js';
import { buildCriteriaEvolution } from './criteria-evolution.js';
import type { DateFilter } from './date-filter.js';
import type { CurrentCriterion } from './load-account-directory.js';
import type { DashboardData } from './load-dashboard-data.js';
import { computeScoreDistribution } from './score-distribution.js';
import { buildTimeline } from './timeline.js';

/** ISO 8601 without an offset (spec: analytics metadata.generated_at), in UTC. */
const formatGeneratedAt = (now: Date): string => now.toISOString().slice(0, -1);

/**
 * The members all three dashboards share. With no selected transcription this is the standard
 * empty answer (docs/decisions.md): counts 0, averages and rates null, arrays and objects empty, the
 * comparison with no calls and an empty delta, even when its previous period has data.
 *
 * @param criteria the criteria the breakdown lists, in any order: those still on the
 *   dashboard's evaluator(s).
 */
export function buildSharedMembers(data: DashboardData, criteria: readonly CurrentCriterion[], filter: DateFilter, now: Date) {
  const { rows, isCut } = data.selection;
  const isEmpty = rows.length === 0;
  const listed = isEmpty ? [] : criteria;
  return {
    metadata: {
      total_records_analyzed: rows.length,
      query_limit_reached: isCut,
      filtered: filter.isFiltered,
      generated_at: formatGeneratedAt(now),
    },
    kpis: computeKpis(rows),
    timeline: buildTimeline(rows),
    criteria_breakdown: buildCriteriaBreakdown(listed, data.criterionStats),
    criteria_evolution: buildCriteriaEvolution(listed, data.criterionStats),
    score_distribution: computeScoreDistribution(rows),
    comparison: isEmpty ? emptyComparison() : buildComparison(data.periods),
    duration_insights: computeDurationInsights(rows),
  };
}

/** The shared members in the order every dashboard answers them, with its own `charts` after the kpis. */
export function inDashboardOrder<C>(shared: ReturnType<typeof buildSharedMembers>, charts: C) {
  return {
    metadata: shared.metadata,
    kpis: shared.kpis,
    charts,
    criteria_breakdown: shared.criteria_breakdown,
    criteria_evolution: shared.criteria_evolution,
    score_distribution: shared.score_distribution,
    comparison: shared.comparison,
    duration_insights: shared.duration_insights,
  };
}
