/**
 * Every job's handler, one per job of the catalog (src/queues/job-catalog.ts): the map is typed
 * from the catalog, so a job without a handler does not compile. Each handler is a few lines in
 * its `*.job.ts` file that call a service. Only the worker entries (and tests) import this folder;
 * nothing under src/ does, so the dependency runs one way: jobs → src.
 */
import type { HubContext } from '../src/hub/hub-context.js';
import type { JobHandlers } from '../src/queues/job-handler.js';
import type { ProcessingContext } from '../src/service/processing/processing-context.js';
import { handleApplyReviewAction } from './apply-review-action.job.js';
import { handleCloseDueCalibrations } from './close-due-calibrations.job.js';
import { handleDeliverWebhook } from './deliver-webhook.job.js';
import { handleExpireUpload } from './expire-upload.job.js';
import { handleExportReport } from './export-report.job.js';
import { handleMirrorTranscription } from './mirror-transcription.job.js';
import { handlePlanReports } from './plan-reports.job.js';
import { handleProcessRecording } from './process-recording.job.js';
import { handlePullAnalytics } from './pull-analytics.job.js';
import { handlePurgeExpiredTranscriptions } from './purge-expired-transcriptions.job.js';
import { handleReconcile } from './reconcile.job.js';
import { handleRemaskMirror } from './remask-mirror.job.js';
import { handleSendAlert } from './send-alert.job.js';
import { handleSendDigest } from './send-digest.job.js';
import { handleSweepAlerts } from './sweep-alerts.job.js';
import { handleSweepProcessing } from './sweep-processing.job.js';

export function createJobHandlers(contexts: { processing: ProcessingContext; hub: HubContext }): JobHandlers {
  const { processing, hub } = contexts;
  return {
    'service.process-recording': handleProcessRecording(processing),
    'service.deliver-webhook': handleDeliverWebhook(processing),
    'service.expire-upload': handleExpireUpload(processing),
    'service.purge-expired-transcriptions': handlePurgeExpiredTranscriptions(processing),
    'service.sweep-processing': handleSweepProcessing(processing),
    'hub.mirror-transcription': handleMirrorTranscription(hub),
    'hub.reconcile': handleReconcile(hub),
    'hub.remask-mirror': handleRemaskMirror(hub),
    'hub.plan-reports': handlePlanReports(hub),
    'hub.pull-analytics': handlePullAnalytics(hub),
    'hub.export-report': handleExportReport(hub),
    'hub.send-alert': handleSendAlert(hub),
    'hub.sweep-alerts': handleSweepAlerts(hub),
    'hub.close-due-calibrations': handleCloseDueCalibrations(hub),
    'hub.send-digest': handleSendDigest(hub),
    'hub.apply-review-action': handleApplyReviewAction(hub),
  };
}
