import type { Db } from '../../db.js';
import { AppError } from '../../lib/errors/app-error.js';
import type { JobQueues } from '../../queues/job-queues.js';
import { enqueueWebhookDeliveries } from './webhook-deliveries.js';

/** The event type of a test webhook (docs/decisions.md, Webhooks). */
export const testEventType = 'test.ping' as const;

/**
 * Sends a test event to a configuration's webhook URLs (success and error, once each if they are
 * the same): a delivery like any other (signed, retried, listed, replayable), naming no
 * transcription. Returns the delivery ids.
 */
export async function sendTestWebhook(db: Db, jobs: JobQueues, accountId: string, configurationId: string, now: Date): Promise<string[]> {
  const configuration = await db.configuration.findFirst({
    where: { id: configurationId, accountId },
    select: { id: true, webhookSuccessUrl: true, webhookErrorUrl: true },
  });
  if (!configuration) throw new AppError('not_found', `No configuration ${configurationId} in this account`);
  const urls = [...new Set([configuration.webhookSuccessUrl, configuration.webhookErrorUrl].filter((u): u is string => !!u))];
  if (urls.length === 0) throw new AppError('conflict', `Configuration ${configurationId} has no webhooks to test`);
  const body = JSON.stringify({
    type: testEventType,
    timestamp: now.toISOString(),
    data: { configuration_id: configuration.id, message: 'A test event from convoqa: nothing happened to any transcription.' },
  });
  const ids: string[] = [];
  for (const url of urls) {
    const delivery = await db.webhookDelivery.create({
      data: { accountId, transcriptionId: null, eventType: testEventType, url, payload: body, createdAt: now },
      select: { id: true },
    });
    ids.push(delivery.id);
  }
  await enqueueWebhookDeliveries(jobs, ids);
  return ids;
}
