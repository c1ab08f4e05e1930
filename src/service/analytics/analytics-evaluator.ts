import { AppError } from '../../lib/errors/app-error.js';
import { defineOperation } from '../http/operation.js';
import { buildEvaluatorDashboard } from './build-evaluator-dashboard.js';
import { resolveDateFilter } from './date-filter.js';
import { loadDashboardData } from './load-dashboard-data.js';

/** The dashboard of one evaluator of the account (404 otherwise). */
export const analyticsEvaluator = defineOperation('analytics-evaluator', async (input, { accountId, deps }) => {
  const now = deps.now();
  const filter = resolveDateFilter(input);
  const scope = { kind: 'evaluator', accountId, evaluatorId: input.evaluator_id } as const;
  const data = await loadDashboardData(deps.db, scope, filter, now);
  const evaluator = data.directory.evaluators.get(input.evaluator_id);
  if (!evaluator) throw new AppError('not_found', `Evaluator not found: ${input.evaluator_id}`);
  return buildEvaluatorDashboard(data, evaluator, filter, now);
});
