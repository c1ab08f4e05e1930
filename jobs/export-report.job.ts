import type { HubContext } from '../src/hub/hub-context.js';
import { exportReport } from '../src/hub/reports/export/export-report.js';
import { createReportExporter } from '../src/hub/reports/export/create-report-exporter.js';
import type { JobHandler } from '../src/queues/job-handler.js';

/** `hub.export-report`: one snapshot to Sheets or CSV; failures are retried with backoff (the export is idempotent). */
export function handleExportReport(ctx: HubContext): JobHandler<'hub.export-report'> {
  const exporter = createReportExporter(ctx.settings.reports.export, ctx.logger);
  return async ({ snapshotId }) => {
    const outcome = await exportReport(ctx, exporter, snapshotId);
    if (outcome.kind === 'missing') ctx.logger.warn({ snapshotId }, 'report snapshot to export no longer exists');
  };
}
