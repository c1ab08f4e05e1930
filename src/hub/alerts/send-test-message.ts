/**
 * A test message (admin API): checks the bot token, the channel and the bot's membership in one
 * post, so an operator knows alerts will arrive before the first critical fail does. Not retried:
 * the operator sees the outcome at once and decides.
 */
import type { HubContext } from '../hub-context.js';
import { AppError } from '../../lib/errors/app-error.js';
import { resolveAlertChannel } from './channel-routing.js';
import { isSlackCallError } from './slack-notifier.js';

export interface TestMessageRequest {
  /** Where to post; otherwise the evaluator's route, otherwise the default channel. */
  channel?: string;
  evaluatorId?: string;
}

export interface TestMessageResult {
  /** `slack` (posted) or `log` (no SLACK_BOT_TOKEN: written to the log). */
  deliveredTo: 'slack' | 'log';
  channel: string;
  ts: string | null;
}

/** Slack answers that mean the request named a channel the bot cannot post to. */
const channelErrors = new Set(['channel_not_found', 'not_in_channel', 'is_archived', 'restricted_action', 'cannot_dm_bot']);

export async function sendTestMessage(
  ctx: Pick<HubContext, 'db' | 'slack' | 'settings' | 'now'>,
  request: TestMessageRequest,
): Promise<TestMessageResult> {
  const channel = request.channel ?? (await resolveAlertChannel(ctx.db, ctx.settings.slack, request.evaluatorId ?? null));
  if (!channel && ctx.slack.kind === 'slack') {
    throw new AppError('invalid_value', 'No channel: give channel (or evaluator_id with a route), or set SLACK_DEFAULT_CHANNEL');
  }
  const target = channel ?? 'log';
  const text = `convoqa test message: critical-fail alerts${request.evaluatorId ? ` of evaluator ${request.evaluatorId}` : ''} go to this channel (${ctx.now().toISOString()})`;
  try {
    const posted = await ctx.slack.postMessage({
      channel: target,
      text,
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `:white_check_mark: ${text}` } }],
    });
    return { deliveredTo: ctx.slack.kind, channel: posted.channel, ts: posted.ts };
  } catch (error) {
    if (!isSlackCallError(error)) throw error;
    if (error.kind === 'rate_limited') {
      throw new AppError('rate_limited', `Slack is rate limiting: ${error.message}`, {
        retryAfterSeconds: Math.max(1, Math.ceil((error.retryAfterMs ?? 1_000) / 1000)),
      });
    }
    if (error.kind === 'permanent' && channelErrors.has(error.code)) {
      throw new AppError('invalid_value', `Slack cannot post to ${target}: ${error.code} (is the bot invited to the channel?)`);
    }
    throw new AppError('unavailable', `Slack did not take the test message: ${error.message}`, { retryAfterSeconds: 5 });
  }
}
