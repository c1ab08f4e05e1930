import { buildComparison, emptyComparison } from './comparison.js';
import { buildCriteriaBreakdown } from './criteria-breakdown.js';
import { buildCriteriaEvolution } from './criteria-evolution.js';
import type { DateFilter } from './date-filter.js';
import type { DirectoryEvaluator } from './load-account-directory.js';
import type { DashboardReads } from './load-dashboard-data.js';
import type { EvaluatorRows } from './read-evaluator-rows.js';
import { summarizeEvaluatorRows } from './summarize-evaluator-rows.js';

/** What the evaluator dashboard is built from (load-evaluator-dashboard-data.ts). */
export type EvaluatorDashboardData = DashboardReads<EvaluatorRows>;

/** ISO 8601 without an offset (spec: analytics metadata.generated_at), in UTC. */
const formatGeneratedAt = (now: Date): string => now.toISOString().slice(0, -1);

/**
 * The evaluator dashboard as JSON text in pieces, byte-identical to JSON.stringify of the object
 * build-shared-members.ts and the members' files build (the oracle test keeps that version): the
 * small members are objects stringified once, raw_data (nearly all of the answer's 6–7 MB at the
 * cap) comes as text from the same single pass that computes the row members.
 */
export function serializeEvaluatorDashboard(
  data: EvaluatorDashboardData,
  evaluator: DirectoryEvaluator,
  filter: DateFilter,
  now: Date,
): string[] {
  const { rows, isCut } = data.selection;
  const isEmpty = rows.length === 0;
  const listed = isEmpty ? [] : evaluator.criteria;
  const summary = summarizeEvaluatorRows(rows, data.directory.participantTags);
  const head = JSON.stringify({
    metadata: {
      total_records_analyzed: rows.length,
      query_limit_reached: isCut,
      filtered: filter.isFiltered,
      generated_at: formatGeneratedAt(now),
    },
    kpis: summary.kpis,
    charts: { timeline: summary.timeline, heatmap: summary.heatmap },
    criteria_breakdown: buildCriteriaBreakdown(listed, data.criterionStats),
    criteria_evolution: buildCriteriaEvolution(listed, data.criterionStats),
    score_distribution: summary.scoreDistribution,
    comparison: isEmpty ? emptyComparison() : buildComparison(data.periods),
    duration_insights: summary.durationInsights,
  });
  return [`${head.slice(0, -1)},"raw_data":`, ...summary.rawDataPieces, `,"participants":${JSON.stringify(summary.participants)}}`];
}
