import type { Db } from '../../db.js';
import type { DateFilter } from './date-filter.js';
import { readDashboard } from './load-dashboard-data.js';
import { readEvaluatorRows } from './read-evaluator-rows.js';
import type { EvaluatorDashboardData } from './serialize-evaluator-dashboard.js';

/**
 * The evaluator dashboard's reads (load-dashboard-data.ts), its up to 20,000 rows read as a
 * prepared statement in array rows (read-evaluator-rows.ts) rather than as Prisma objects.
 */
export const loadEvaluatorDashboardData = (
  db: Db,
  scope: { kind: 'evaluator'; accountId: string; evaluatorId: string },
  filter: DateFilter,
  now: Date,
): Promise<EvaluatorDashboardData> =>
  readDashboard(db, scope, filter, now, (window) => readEvaluatorRows(db, scope, window), { rows: [], isCut: false });
