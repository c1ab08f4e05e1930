import type { EvaluatorDashboard } from '../../contract/analytics.js';
import { buildSharedMembers } from './build-shared-members.js';
import type { DateFilter } from './date-filter.js';
import { buildHeatmap } from './heatmap.js';
import type { DirectoryEvaluator } from './load-account-directory.js';
import type { DashboardData } from './load-dashboard-data.js';
import { buildPeersTable } from './peers-table.js';
import { toRawDataEntry } from './raw-data.js';

/** The evaluator dashboard: shared members, the heatmap, and the participants it evaluated. */
export function buildEvaluatorDashboard(data: DashboardData, evaluator: DirectoryEvaluator, filter: DateFilter, now: Date): EvaluatorDashboard {
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
