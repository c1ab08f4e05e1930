import type { Db } from '../../db.js';
import { aggregateCriterionResults, type CriterionMonthStats } from './aggregate-criterion-results.js';
import type { AnalyticsScope } from './analytics-scope.js';
import { resolveComparisonWindows } from './comparison-windows.js';
import { countPeriodFigures, periodFiguresFromRows, type PeriodCounts } from './count-period-figures.js';
import type { DateFilter, TimeWindow } from './date-filter.js';
import { isHourAligned } from './evaluator-hour-edge.js';
import { loadAccountDirectory, type AccountDirectory } from './load-account-directory.js';
import { periodFiguresFromHours } from './period-figures-from-hours.js';
import { selectScoredTranscriptions, type ScoredSelection } from './select-scored-transcriptions.js';
import { isDayAligned, sumCriterionHourStats } from './sum-criterion-hour-stats.js';

/** Everything a dashboard is built from; `Selection` is how the selected rows are held. */
export interface DashboardReads<Selection> {
  selection: Selection;
  criterionStats: CriterionMonthStats[];
  periods: { current: PeriodCounts; previous: PeriodCounts };
  directory: AccountDirectory;
}

export type DashboardData = DashboardReads<ScoredSelection>;

const noCalls: PeriodCounts = { calls: 0, avgScore: null, passed: 0 };

/**
 * Reads a dashboard's data in a handful of set-based queries run side by side, each on its own
 * pool connection: the selected rows (read by `readSelection`, with their failed criteria),
 * per-criterion monthly aggregates, the comparison's two periods, and the account's evaluators,
 * criteria and participants. A filter that matches nothing reads only the directory (the caller
 * still answers 404 for an unknown id).
 */
export async function readDashboard<Selection extends { rows: readonly unknown[]; isCut: boolean }>(
  db: Db,
  scope: AnalyticsScope,
  filter: DateFilter,
  now: Date,
  readSelection: (window: TimeWindow) => Promise<Selection>,
  noSelection: Selection,
): Promise<DashboardReads<Selection>> {
  if (filter.matchesNothing) {
    return {
      selection: noSelection,
      criterionStats: [],
      periods: { current: noCalls, previous: noCalls },
      directory: await loadAccountDirectory(db, scope.accountId),
    };
  }
  const comparison = resolveComparisonWindows(filter, now);
  // One evaluator's calls are also kept per hour and its results per day and hour (docs/analytics.md,
  // "Hour tables"): summing those instead of reading up to 200,000 result rows and 40,000 calls.
  // The other scopes read the rows.
  const byHours = scope.kind === 'evaluator';
  const [selection, criterionStats, periods, directory] = await Promise.all([
    readSelection(filter.window),
    byHours && isDayAligned(filter.window)
      ? sumCriterionHourStats(db, scope, filter.window)
      : aggregateCriterionResults(db, scope, filter.window),
    countPeriodFigures(
      db,
      byHours && isHourAligned(comparison.current) && isHourAligned(comparison.previous)
        ? periodFiguresFromHours(scope, comparison)
        : periodFiguresFromRows(scope, comparison),
    ),
    loadAccountDirectory(db, scope.accountId),
  ]);
  return { selection, criterionStats, periods, directory };
}

/** The participant and account dashboards' reads: rows selected through Prisma as objects. */
export const loadDashboardData = (db: Db, scope: AnalyticsScope, filter: DateFilter, now: Date): Promise<DashboardData> =>
  readDashboard(db, scope, filter, now, (window) => selectScoredTranscriptions(db, scope, window), { rows: [], isCut: false });
