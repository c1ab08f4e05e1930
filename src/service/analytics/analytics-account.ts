import { defineOperation } from '../http/operation.js';
import { buildAccountDashboard } from './build-account-dashboard.js';
import { resolveDateFilter } from './date-filter.js';
import { loadDashboardData } from './load-dashboard-data.js';

/** `analytics`: the account-wide dashboard. */
export const analyticsAccount = defineOperation('analytics', async (input, { accountId, deps }) => {
  const now = deps.now();
  const filter = resolveDateFilter(input);
  const data = await loadDashboardData(deps.db, { kind: 'account', accountId }, filter, now);
  return buildAccountDashboard(data, filter, now);
});
