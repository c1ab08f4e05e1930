import { AppError } from '../../lib/errors/app-error.js';
import { defineSerializedOperation } from '../http/operation.js';
import { resolveDateFilter } from './date-filter.js';
import { loadEvaluatorDashboardData } from './load-evaluator-dashboard-data.js';
import { serializeEvaluatorDashboard } from './serialize-evaluator-dashboard.js';

/**
 * The dashboard of one evaluator of the account (404 otherwise), answered as JSON text in pieces
 * (at 20,000 rows building the answer's objects and stringifying them was most of the request's
 * CPU: docs/performance.md, "analytics-evaluator").
 */
export const analyticsEvaluator = defineSerializedOperation('analytics-evaluator', async (input, { accountId, deps }) => {
  const now = deps.now();
  const filter = resolveDateFilter(input);
  const scope = { kind: 'evaluator', accountId, evaluatorId: input.evaluator_id } as const;
  const data = await loadEvaluatorDashboardData(deps.db, scope, filter, now);
  const evaluator = data.directory.evaluators.get(input.evaluator_id);
  if (!evaluator) throw new AppError('not_found', `Evaluator not found: ${input.evaluator_id}`);
  return serializeEvaluatorDashboard(data, evaluator, filter, now);
});
