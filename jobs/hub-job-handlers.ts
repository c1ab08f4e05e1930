import type { HubContext } from '../src/hub/hub-context.js';
import type { MirrorHook } from '../src/hub/mirror/mirror-transcription.js';
import { handleExportReport } from './export-report.js';
import { handleApplyReviewAction } from './apply-review-action.js';
import type { JobHandlersFor } from './job-handler.js';
import { handleMirrorTranscription } from './mirror-transcription.js';
import { handlePlanReports } from './plan-reports.js';
import { handlePullAnalytics } from './pull-analytics.js';
import { handleReconcile } from './reconcile.js';
import { handleSendAlert } from './send-alert.js';
import { handleSendDigest } from './send-digest.js';
import { handleSweepAlerts } from './sweep-alerts.js';

/** The hub's jobs. `mirrorHooks` run inside each mirror transaction (the critical-fail alert hook). */
export function createHubJobHandlers(ctx: HubContext, mirrorHooks: readonly MirrorHook[] = []): JobHandlersFor<'hub'> {
  return {
    'hub.mirror-transcription': handleMirrorTranscription(ctx, mirrorHooks),
    'hub.reconcile': handleReconcile(ctx),
    'hub.plan-reports': handlePlanReports(ctx),
    'hub.pull-analytics': handlePullAnalytics(ctx),
    'hub.export-report': handleExportReport(ctx),
    'hub.send-alert': handleSendAlert(ctx),
    'hub.sweep-alerts': handleSweepAlerts(ctx),
    'hub.send-digest': handleSendDigest(ctx),
    'hub.apply-review-action': handleApplyReviewAction(ctx, mirrorHooks),
  };
}
