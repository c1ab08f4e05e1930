import type { AccountDashboard } from '../../contract/analytics.js';
import { buildSharedMembers, inDashboardOrder } from './build-shared-members.js';
import type { DateFilter } from './date-filter.js';
import { buildHeatmap } from './heatmap.js';
import type { DashboardData } from './load-dashboard-data.js';
import { buildPeersTable } from './peers-table.js';
import { toRawDataEntry } from './raw-data.js';

/**
 * The account-wide dashboard (docs/decisions.md): shared members, the heatmap, evaluators and
 * participants tables, raw_data with both references. Its criteria are every criterion of every
 * evaluator the account has now.
 */
export function buildAccountDashboard(data: DashboardData, filter: DateFilter, now: Date): AccountDashboard {
  const { rows } = data.selection;
  const { evaluators, participantTags } = data.directory;
  const criteria = [...evaluators.values()].flatMap((evaluator) => evaluator.criteria);
  const shared = buildSharedMembers(data, criteria, filter, now);
  const evaluatorTag = (id: string | null | undefined) => (id ? (evaluators.get(id)?.tag ?? null) : null);
  const participantTag = (id: string | null | undefined) => (id ? (participantTags.get(id) ?? null) : null);
  const heatmap = buildHeatmap(rows);
  const evaluatorTable = buildPeersTable(rows, (row) => row.evaluator_id ?? null, evaluatorTag);
  const participantTable = buildPeersTable(rows, (row) => row.participant_id ?? null, participantTag);
  return {
    ...inDashboardOrder(shared, { timeline: shared.timeline, heatmap }),
    raw_data: rows.map((row) => {
      const participantId = row.participant_id ?? null;
      const evaluatorId = row.evaluator_id ?? null;
      return toRawDataEntry(row, {
        participant_id: participantId,
        participant_tag: participantTag(participantId),
        evaluator_id: evaluatorId,
        evaluator_tag: evaluatorTag(evaluatorId),
      });
    }),
    evaluators: evaluatorTable,
    participants: participantTable,
  };
}
