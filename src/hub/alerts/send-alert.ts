import type { HubAlert } from '../../generated/prisma/client.js';
import type { HubContext } from '../hub-context.js';
import { alertMarker, alertMarkerEventType, buildCriticalFailMessage } from './alert-blocks.js';
import {
  claimAlert,
  findAlert,
  leaseRemainingMs,
  markAlertFailed,
  markAlertLogged,
  markAlertSent,
  recordAlertChannel,
  releaseAlert,
} from './alert-outbox.js';
import { resolveAlertChannel } from './channel-routing.js';
import { loadCriticalFailView } from './critical-fail-view.js';
import { SlackCallError } from './slack-notifier.js';

export type SendAlertOutcome =
  | { kind: 'sent'; channel: string; ts: string }
  /** An earlier attempt had posted it (found by its marker); nothing posted now. */
  | { kind: 'found'; channel: string; ts: string }
  | { kind: 'logged' }
  /** Nothing to do: already sent, logged or failed. */
  | { kind: 'done'; status: string }
  /** Given up: the row is failed with `reason`. */
  | { kind: 'failed'; reason: string }
  /** Try again after `delayMs`: Slack's Retry-After, or another worker's lease. */
  | { kind: 'wait'; delayMs: number; reason: string };

/** Slack calls per alert (429s included) before it is given up. */
const maxCallsPerAlert = 20;
/** How far before the row's creation a marker is looked for (clock differences with Slack). */
const markerLookbackMs = 5 * 60_000;

/**
 * One attempt at an outbox row. Exactly once is built from three parts:
 * 1. the claim (alert-outbox.ts): one worker at a time holds the row, under a lease;
 * 2. a post that may have happened is never simply repeated: a time-out, a dropped connection or
 *    a 5xx marks the row maybe_posted (so does a lease taken over from a dead worker), and the
 *    next attempt first looks for the alert's marker (message metadata with the alert's id) in the
 *    channel's history; found, it is recorded as sent without posting again;
 * 3. a 429 (the post was not made) only waits for Retry-After.
 * When the channel's history cannot be read (the bot lacks channels:history), the row fails
 * rather than risk a second post; a person checks the channel and retries it from the admin API.
 * Transient failures are thrown after the row is given back, for the job's retries.
 */
export async function sendAlert(ctx: HubContext, alertId: string): Promise<SendAlertOutcome> {
  const alert = await claimAlert(ctx.db, alertId, ctx.settings.slack.alertLeaseMs);
  if (!alert) return explainUnclaimed(ctx, alertId);
  if (alert.attempts > maxCallsPerAlert)
    return fail(ctx, alert, `gave up after ${maxCallsPerAlert} attempts; last error: ${alert.lastError ?? 'none'}`);

  // Where the attempt got to: only an error from the post on (or after it) leaves a post behind.
  let phase: 'prepare' | 'check' | 'post' | 'posted' = 'prepare';
  try {
    const view = await loadCriticalFailView(ctx.db, alert.transcriptionId);
    if (!view) return await fail(ctx, alert, 'the transcription is not in the mirror');
    const channel = (await resolveAlertChannel(ctx.db, ctx.settings.slack, view.evaluatorId)) ?? (ctx.slack.kind === 'log' ? 'log' : null);
    if (!channel) return await fail(ctx, alert, 'no channel: set SLACK_DEFAULT_CHANNEL or a channel for this evaluator');

    if (alert.maybePosted && ctx.slack.kind === 'slack') {
      phase = 'check';
      const earlierChannel = alert.channel ?? channel;
      const found = await ctx.slack.findMessage(
        earlierChannel,
        new Date(alert.createdAt.getTime() - markerLookbackMs),
        alertMarkerEventType,
        { alert_id: alert.id },
      );
      if (found) {
        await markAlertSent(ctx.db, alert.id, found);
        ctx.logger.info({ alertId, transcriptionId: alert.transcriptionId, ...found }, 'alert was already in Slack; not posted again');
        return { kind: 'found', ...found };
      }
    }
    await recordAlertChannel(ctx.db, alert.id, channel);
    const message = buildCriticalFailMessage(view, { publicBaseUrl: ctx.settings.publicBaseUrl });
    phase = 'post';
    const posted = await ctx.slack.postMessage({ channel, ...message, metadata: alertMarker(alert.id, alert.transcriptionId) });
    phase = 'posted';
    if (posted.ts === null) {
      await markAlertLogged(ctx.db, alert.id);
      return { kind: 'logged' };
    }
    await markAlertSent(ctx.db, alert.id, { channel: posted.channel, ts: posted.ts });
    return { kind: 'sent', channel: posted.channel, ts: posted.ts };
  } catch (error) {
    if (error instanceof SlackCallError) return handleSlackFailure(ctx, alert, error, phase === 'check' ? 'check' : 'post');
    // PostgreSQL, most likely. If the row cannot be given back either, it stays `sending` until
    // its lease ends, and whoever takes it over treats it as maybe posted.
    await releaseAlert(ctx.db, alert.id, errorText(error), { maybePosted: phase === 'post' || phase === 'posted' }).catch(() => undefined);
    throw error;
  }
}

async function handleSlackFailure(
  ctx: HubContext,
  alert: HubAlert,
  error: SlackCallError,
  phase: 'check' | 'post',
): Promise<SendAlertOutcome> {
  const text = `${error.code}: ${error.message}`;
  switch (error.kind) {
    case 'rate_limited':
      await releaseAlert(ctx.db, alert.id, text);
      return { kind: 'wait', delayMs: error.retryAfterMs ?? 1_000, reason: text };
    case 'not_delivered':
      await releaseAlert(ctx.db, alert.id, text);
      throw error;
    case 'uncertain':
      await releaseAlert(ctx.db, alert.id, text, { maybePosted: true });
      throw error;
    case 'permanent':
      // While looking for an earlier post, the channel could not be read: whether the alert is
      // there is unknown, and posting again could duplicate it. A person decides.
      if (phase === 'check')
        return fail(
          ctx,
          alert,
          `${text} (an earlier attempt may have posted this alert and the channel's history could not be read; look in Slack, then retry)`,
        );
      return fail(ctx, alert, text);
  }
}

async function fail(ctx: HubContext, alert: HubAlert, reason: string): Promise<SendAlertOutcome> {
  await markAlertFailed(ctx.db, alert.id, reason);
  ctx.logger.error(
    { alertId: alert.id, transcriptionId: alert.transcriptionId, reason },
    'slack alert failed; kept for retry from the admin API',
  );
  return { kind: 'failed', reason };
}

async function explainUnclaimed(ctx: HubContext, alertId: string): Promise<SendAlertOutcome> {
  const row = await findAlert(ctx.db, alertId);
  if (!row) return { kind: 'done', status: 'missing' };
  if (row.status !== 'sending') return { kind: 'done', status: row.status };
  // Another worker holds it: come back when its lease ends (by then it is sent, or taken over).
  return { kind: 'wait', delayMs: (await leaseRemainingMs(ctx.db, alertId)) + 1_000, reason: 'claimed by another worker' };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
