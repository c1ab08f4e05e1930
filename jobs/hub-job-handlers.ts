import type { HubContext } from '../src/hub/hub-context.js';
import { handleExportReport } from './export-report.js';
import type { JobHandlersFor } from './job-handler.js';
import { handlePlanReports } from './plan-reports.js';
import { handlePullAnalytics } from './pull-analytics.js';

/** The hub's jobs. */
export function createHubJobHandlers(ctx: HubContext): JobHandlersFor<'hub'> {
  return {
    'hub.plan-reports': handlePlanReports(ctx),
    'hub.pull-analytics': handlePullAnalytics(ctx),
    'hub.export-report': handleExportReport(ctx),
  };
}
