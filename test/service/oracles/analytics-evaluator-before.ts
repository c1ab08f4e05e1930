/**
 * Oracle: analytics-evaluator as it was before the hour tables and the serialised answer
 * (docs/performance.md, "analytics-evaluator"): the selection through Prisma (select-scored-transcriptions.ts, still the other
 * dashboards'), the criterion aggregate as the join of the selection to every result row
 * (aggregate-criterion-results-before.ts), the answer built as objects
 * (build-evaluator-dashboard-before.ts) for JSON.stringify.
 */
import type { ValidatedRequest } from '../../../src/contract/catalog.js';
import type { EvaluatorDashboard } from '../../../src/contract/analytics.js';
import { AppError } from '../../../src/lib/errors/app-error.js';
import { resolveComparisonWindows } from '../../../src/service/analytics/comparison-windows.js';
import { countPeriodFigures, periodFiguresFromRows } from '../../../src/service/analytics/count-period-figures.js';
import { resolveDateFilter } from '../../../src/service/analytics/date-filter.js';
import { loadAccountDirectory } from '../../../src/service/analytics/load-account-directory.js';
import type { DashboardData } from '../../../src/service/analytics/load-dashboard-data.js';
import { selectScoredTranscriptions } from '../../../src/service/analytics/select-scored-transcriptions.js';
import type { ServiceDeps } from '../../../src/service/service-deps.js';
import { aggregateCriterionResultsBefore } from './aggregate-criterion-results-before.js';
import { buildEvaluatorDashboardBefore } from './build-evaluator-dashboard-before.js';

const noCalls = { calls: 0, avgScore: null, passed: 0 };

export async function analyticsEvaluatorBefore(
  deps: ServiceDeps,
  accountId: string,
  input: ValidatedRequest<'analytics-evaluator'>,
): Promise<EvaluatorDashboard> {
  const now = deps.now();
  const filter = resolveDateFilter(input);
  const scope = { kind: 'evaluator', accountId, evaluatorId: input.evaluator_id } as const;
  let data: DashboardData;
  if (filter.matchesNothing) {
    data = {
      selection: { rows: [], isCut: false },
      criterionStats: [],
      periods: { current: noCalls, previous: noCalls },
      directory: await loadAccountDirectory(deps.db, accountId),
    };
  } else {
    const [selection, criterionStats, periods, directory] = await Promise.all([
      selectScoredTranscriptions(deps.db, scope, filter.window),
      aggregateCriterionResultsBefore(deps.db, scope, filter.window),
      countPeriodFigures(deps.db, periodFiguresFromRows(scope, resolveComparisonWindows(filter, now))),
      loadAccountDirectory(deps.db, accountId),
    ]);
    data = { selection, criterionStats, periods, directory };
  }
  const evaluator = data.directory.evaluators.get(input.evaluator_id);
  if (!evaluator) throw new AppError('not_found', `Evaluator not found: ${input.evaluator_id}`);
  return buildEvaluatorDashboardBefore(data, evaluator, filter, now);
}
