import type { HubContext } from '../src/hub/hub-context.js';
import { planReports } from '../src/hub/reports/planning/plan-reports.js';
import type { JobHandler } from '../src/queues/job-handler.js';

/** `hub.plan-reports`: daily (clock) and when the clock starts (catch-up). */
export function handlePlanReports(ctx: HubContext): JobHandler<'hub.plan-reports'> {
  return async () => {
    await planReports(ctx);
  };
}
