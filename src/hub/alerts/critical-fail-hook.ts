import type { UpstreamTranscription } from '../client/index.js';
import type { HubContext } from '../hub-context.js';
import type { MirrorHook } from '../mirror/mirror-hook.js';
import { enqueueAlert, findPendingAlert, insertAlert } from './alert-outbox.js';

/**
 * The mirror hook that owes an alert: when a transcription is mirrored COMPLETED with a critical
 * fail the hub did not have yet (it was unknown to the hub, not yet COMPLETED, or COMPLETED without
 * an evaluation or with one that passed: the API description gives the evaluation a lifecycle of
 * its own, so it may arrive or be redone later), it inserts a `critical_fail` outbox row in the
 * mirror's own transaction, and queues its send job once that has committed. The row is unique per
 * (transcription, kind), so duplicate webhooks, repeated mirrors, re-evaluations and racing
 * workers add nothing. A mirror of a critical fail the hub already had adds no row, but queues the
 * send job again when the row still waits: the worker that wrote it may have died between the
 * commit and the queueing, and its retried mirror job is what finishes the work (the job id is the
 * row's, so a job already queued is not doubled; the minute sweep stays the backstop). A critical
 * fail known for longer than `alertMaxAgeMs` (from the later of its evaluation's `generated_at` and
 * the call's `completed_at`) is history (a hub started on an existing account, a reconciliation
 * after a long outage): it raises no alert and waits in the digest (docs/slack-alerts.md,
 * "Which transcriptions").
 */
export function createCriticalFailHook(ctx: Pick<HubContext, 'jobs' | 'now' | 'logger' | 'settings'>): MirrorHook {
  return async (tx, mirrored, previous) => {
    if (!isCriticalFail(mirrored)) return;
    if (previous?.status === 'COMPLETED' && previous.criticalFail === true) {
      const waiting = await findPendingAlert(tx, mirrored.transcription_id, 'critical_fail');
      return waiting ? () => enqueueAlert(ctx.jobs, waiting) : undefined;
    }
    const knownAt = criticalFailKnownAt(mirrored);
    if (ctx.now().getTime() - knownAt > ctx.settings.slack.alertMaxAgeMs) {
      ctx.logger.info(
        {
          transcriptionId: mirrored.transcription_id,
          completedAt: mirrored.details.completed_at,
          generatedAt: mirrored.details.evaluation?.breakdown?.generated_at ?? null,
        },
        'critical fail too old to alert; it shows in the digest',
      );
      return;
    }
    const alertId = await insertAlert(tx, mirrored.transcription_id, 'critical_fail');
    if (!alertId) return;
    return () => enqueueAlert(ctx.jobs, alertId);
  };
}

/** Only a COMPLETED evaluation can be a critical fail: a FAILED or IN_PROGRESS transcription never alerts. */
export const isCriticalFail = (t: UpstreamTranscription) => t.status === 'COMPLETED' && t.details.evaluation?.critical_fail === true;

/** When the critical fail became known: the later of the evaluation's `generated_at` and `completed_at` (NaN when neither reads, which alerts). */
function criticalFailKnownAt(t: UpstreamTranscription): number {
  const instants = [t.details.evaluation?.breakdown?.generated_at, t.details.completed_at]
    .map((value) => (value ? Date.parse(value) : Number.NaN))
    .filter((instant) => !Number.isNaN(instant));
  return instants.length ? Math.max(...instants) : Number.NaN;
}
