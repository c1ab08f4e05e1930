import type { EvaluatorDashboard } from '../../../src/contract/analytics.js';
import { buildSharedMembers } from '../../../src/service/analytics/build-shared-members.js';
import type { DateFilter } from '../../../src/service/analytics/date-filter.js';
import { buildHeatmap } from '../../../src/service/analytics/heatmap.js';
import type { DirectoryEvaluator } from '../../../src/service/analytics/load-account-directory.js';
import type { DashboardData } from '../../../src/service/analytics/load-dashboard-data.js';
import { buildPeersTable } from '../../../src/service/analytics/peers-table.js';
import { toRawDataEntry } from '../../../src/service/analytics/raw-data.js';

/**
 * Oracle: the evaluator dashboard as it was built before its answer was written in pieces (objects
 * from the shared members' files, then JSON.stringify by res.json).
 */
export function buildEvaluatorDashboardBefore(
  data: DashboardData,
  evaluator: DirectoryEvaluator,
  filter: DateFilter,
  now: Date,
): EvaluatorDashboard {
  const { rows } = data.selection;
  const shared = buildSharedMembers(data, evaluator.criteria, filter, now);
  const participantTag = (id: string | null | undefined) => (id ? (data.directory.participantTags.get(id) ?? null) : null);
  const heatmap = buildHeatmap(rows);
  const participants = buildPeersTable(rows, (row) => row.participant_id ?? null, participantTag);
  return {
    metadata: shared.metadata,
    kpis: shared.kpis,
    charts: { timeline: shared.timeline, heatmap },
    criteria_breakdown: shared.criteria_breakdown,
    criteria_evolution: shared.criteria_evolution,
    score_distribution: shared.score_distribution,
    comparison: shared.comparison,
    duration_insights: shared.duration_insights,
    raw_data: rows.map((row) => {
      const participantId = row.participant_id ?? null;
      return toRawDataEntry(row, { participant_id: participantId, participant_tag: participantTag(participantId) });
    }),
    participants,
  };
}
