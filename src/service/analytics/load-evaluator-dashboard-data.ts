import type { Db } from '../../db.js';
import { aggregateCriterionResults } from './aggregate-criterion-results.js';
import { resolveComparisonWindows } from './comparison-windows.js';
import { countPeriodFigures, type PeriodCounts } from './count-period-figures.js';
import type { DateFilter } from './date-filter.js';
import { loadAccountDirectory } from './load-account-directory.js';
import { readEvaluatorRows } from './read-evaluator-rows.js';
import type { EvaluatorDashboardData } from './serialize-evaluator-dashboard.js';
import { isDayAligned, sumCriterionDayStats } from './sum-criterion-day-stats.js';

const noCalls: PeriodCounts = { calls: 0, avgScore: null, passed: 0 };

/**
 * load-dashboard-data.ts for the evaluator dashboard: the same four reads side by side, each on
 * its own pool connection, the 20,000 rows as a prepared statement in array rows
 * (read-evaluator-rows.ts). A filter that matches nothing reads only the directory.
 */
export async function loadEvaluatorDashboardData(
  db: Db,
  scope: { kind: 'evaluator'; accountId: string; evaluatorId: string },
  filter: DateFilter,
  now: Date,
): Promise<EvaluatorDashboardData> {
  if (filter.matchesNothing) {
    return {
      selection: { rows: [], isCut: false },
      criterionStats: [],
      periods: { current: noCalls, previous: noCalls },
      directory: await loadAccountDirectory(db, scope.accountId),
    };
  }
  const [selection, criterionStats, periods, directory] = await Promise.all([
    readEvaluatorRows(db, scope, filter.window),
    isDayAligned(filter.window) ? sumCriterionDayStats(db, scope, filter.window) : aggregateCriterionResults(db, scope, filter.window),
    countPeriodFigures(db, scope, resolveComparisonWindows(filter, now)),
    loadAccountDirectory(db, scope.accountId),
  ]);
  return { selection, criterionStats, periods, directory };
}
