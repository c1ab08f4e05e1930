import express, { type Router } from 'express';
import { AppError } from '../../lib/errors/app-error.js';
import { createErrorHandler } from '../../lib/http/error-handler.js';
import type { HubContext } from '../hub-context.js';
import { BlockActionsPayload, readReviewActions } from './review-actions.js';
import { SlackSignatureError, slackSignatureToleranceSeconds, verifySlackSignature } from './slack-signature.js';

/** Slack's interaction payloads carry the whole message; this is far above what an alert makes. */
const bodyLimitBytes = 256 * 1024;

/**
 * POST /slack/interactions, the Slack app's interactivity request URL. In order: raw body →
 * signature and 5-minute timestamp window (SLACK_SIGNING_SECRET; none configured refuses all) →
 * replay check (each accepted signature is remembered in Redis for as long as its timestamp stays
 * valid) → the review buttons' actions queued as `hub.apply-review-action` → 200 at once, well
 * within Slack's 3 seconds. The job moves the group upstream, mirrors the answer and updates the
 * message. Refusals are 401 with the error body, and are logged.
 */
export function createSlackRouter(ctx: HubContext): Router {
  const router = express.Router();
  const rawBody = express.raw({ type: () => true, limit: bodyLimitBytes });

  router.post('/interactions', rawBody, async (req, res) => {
    const signingSecret = ctx.settings.slack.signingSecret;
    if (!signingSecret) throw new AppError('unauthorized', 'Slack interactivity is not configured (SLACK_SIGNING_SECRET)');
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const timestamp = req.get('x-slack-request-timestamp');
    const signature = req.get('x-slack-signature');
    const now = ctx.now();
    try {
      verifySlackSignature({ rawBody: body, timestamp, signature, signingSecret, now });
    } catch (error) {
      if (!(error instanceof SlackSignatureError)) throw error;
      ctx.logger.warn({ requestId: req.requestId, reason: error.message }, 'slack interaction refused');
      throw new AppError('unauthorized', error.message);
    }

    // Valid until its timestamp leaves the window; remembered that long (and no longer).
    const ttlSeconds = Math.max(1, Math.ceil(Number(timestamp) + slackSignatureToleranceSeconds - now.getTime() / 1000) + 1);
    let isFirst: boolean;
    try {
      isFirst = (await ctx.redis.set(`${ctx.jobs.prefix}:slack-seen:${signature}`, '1', 'EX', ttlSeconds, 'NX')) === 'OK';
    } catch (error) {
      ctx.logger.error({ err: error, requestId: req.requestId }, 'slack interaction not checked for replay: redis unavailable');
      throw new AppError('unavailable', 'Slack interaction not accepted; retry later', { retryAfterSeconds: 5 });
    }
    if (!isFirst) {
      ctx.logger.warn({ requestId: req.requestId }, 'slack interaction refused: replayed');
      throw new AppError('unauthorized', 'Replayed request: this signature was already accepted');
    }

    const payloadText = new URLSearchParams(body.toString('utf8')).get('payload');
    if (!payloadText) throw new AppError('missing_field', 'Missing required field: payload');
    let payload: unknown;
    try {
      payload = JSON.parse(payloadText);
    } catch {
      throw new AppError('invalid_json', 'Invalid JSON format');
    }
    const actions = BlockActionsPayload.safeParse(payload);
    // Other interactions (shortcuts, other apps' buttons) are acknowledged and ignored.
    if (actions.success) {
      try {
        for (const action of readReviewActions(actions.data)) await ctx.jobs.enqueue('hub.apply-review-action', action);
      } catch (error) {
        ctx.logger.error({ err: error, requestId: req.requestId }, 'slack review action could not be queued');
        throw new AppError('unavailable', 'Review action not queued; try again', { retryAfterSeconds: 5 });
      }
    }
    res.status(200).end();
  });

  router.use((req) => {
    throw new AppError('not_found', `Not found: ${req.method} /slack${req.path}`);
  });
  router.use(createErrorHandler(ctx.logger));
  return router;
}
