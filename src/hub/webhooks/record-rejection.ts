import type { Db } from '../../db.js';
import type { Logger } from '../../logger.js';

/** Rejections kept for the admin API; older ones are deleted as new ones come. */
const keptRejections = 1_000;
/** The oldest beyond the cap are deleted at every 20th rejection, so a flood costs one insert each. */
const trimEvery = 20;
let sinceTrim = 0;

/**
 * Keeps a refused webhook for the admin API (outcome, reason, its webhook-id), in a table capped at
 * about the newest 1,000. Never fails the request: a refusal is answered whether or not it was kept.
 */
export async function recordWebhookRejection(
  db: Db,
  logger: Logger,
  rejection: { outcome: 'bad_signature' | 'stale' | 'malformed'; reason: string; webhookId: string | null; path: string },
): Promise<void> {
  try {
    await db.hubWebhookRejection.create({
      data: {
        outcome: rejection.outcome,
        reason: rejection.reason.slice(0, 500),
        webhookId: rejection.webhookId?.slice(0, 200) ?? null,
        path: rejection.path,
      },
    });
    sinceTrim += 1;
    if (sinceTrim < trimEvery) return;
    sinceTrim = 0;
    await db.$executeRaw`
      DELETE FROM hub_webhook_rejections
       WHERE received_at < (SELECT received_at FROM hub_webhook_rejections ORDER BY received_at DESC OFFSET ${keptRejections - 1} LIMIT 1)`;
  } catch (error) {
    logger.warn({ err: error }, 'webhook rejection not recorded');
  }
}
