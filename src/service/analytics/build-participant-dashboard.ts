import type { ParticipantDashboard } from '../../contract/analytics.js';
import { buildSharedMembers, inDashboardOrder } from './build-shared-members.js';
import type { DateFilter } from './date-filter.js';
import type { DashboardData } from './load-dashboard-data.js';
import { buildPeersTable } from './peers-table.js';
import { toRawDataEntry } from './raw-data.js';
import { computeTrend } from './trend.js';

/**
 * The participant dashboard: shared members, the evaluators that evaluated the participant, the
 * trend and the degradation alert. Its criteria are those still on the evaluators that appear in
 * the selected transcriptions (not every evaluator of the account).
 */
export function buildParticipantDashboard(data: DashboardData, filter: DateFilter, now: Date): ParticipantDashboard {
  const { rows } = data.selection;
  const { evaluators } = data.directory;
  const usedEvaluatorIds = new Set(rows.map((row) => row.evaluator_id));
  const criteria = [...usedEvaluatorIds].flatMap((id) => (id ? (evaluators.get(id)?.criteria ?? []) : []));
  const shared = buildSharedMembers(data, criteria, filter, now);
  const evaluatorTag = (id: string | null | undefined) => (id ? (evaluators.get(id)?.tag ?? null) : null);
  const evaluatorTable = buildPeersTable(rows, (row) => row.evaluator_id ?? null, evaluatorTag);
  const { trend, degradationAlert } = computeTrend(rows);
  return {
    ...inDashboardOrder(shared, { timeline: shared.timeline }),
    raw_data: rows.map((row) => {
      const evaluatorId = row.evaluator_id ?? null;
      return toRawDataEntry(row, { evaluator_id: evaluatorId, evaluator_tag: evaluatorTag(evaluatorId) });
    }),
    evaluators: evaluatorTable,
    trend,
    degradation_alert: degradationAlert,
  };
}
