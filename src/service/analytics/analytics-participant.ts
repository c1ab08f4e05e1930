import { AppError } from '../../lib/errors/app-error.js';
import { defineOperation } from '../http/operation.js';
import { buildParticipantDashboard } from './build-participant-dashboard.js';
import { resolveDateFilter } from './date-filter.js';
import { loadDashboardData } from './load-dashboard-data.js';

/** The dashboard of one participant of the account (404 otherwise, also once deleted). */
export const analyticsParticipant = defineOperation('analytics-participant', async (input, { accountId, deps }) => {
  const now = deps.now();
  const filter = resolveDateFilter(input);
  const scope = { kind: 'participant', accountId, participantId: input.participant_id } as const;
  const data = await loadDashboardData(deps.db, scope, filter, now);
  if (!data.directory.participantTags.has(input.participant_id)) {
    throw new AppError('not_found', `Participant not found: ${input.participant_id}`);
  }
  return buildParticipantDashboard(data, filter, now);
});
