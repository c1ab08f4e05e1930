import type { Prisma } from '../../generated/prisma/client.js';
import type { JobQueues } from '../../queues/job-queues.js';
import type { WebhookEventType } from './webhook-event.js';

/**
 * Records the deliveries an outcome implies, inside the transaction that stores the outcome (an
 * outbox): the webhook cannot be lost between the status change and the queue. One delivery per
 * transcription, event and URL, so a repeated outcome write adds none.
 */
export async function recordWebhookDeliveries(
  tx: Prisma.TransactionClient,
  input: { accountId: string; transcriptionId: string; configurationId: string; type: WebhookEventType; body: string },
): Promise<string[]> {
  const configuration = await tx.configuration.findFirst({
    where: { id: input.configurationId, accountId: input.accountId },
    select: { webhookSuccessUrl: true, webhookErrorUrl: true },
  });
  const url = input.type === 'transcription.completed' ? configuration?.webhookSuccessUrl : configuration?.webhookErrorUrl;
  if (!url) return [];
  const delivery = await tx.webhookDelivery.upsert({
    where: { transcriptionId_eventType_url: { transcriptionId: input.transcriptionId, eventType: input.type, url } },
    create: {
      accountId: input.accountId,
      transcriptionId: input.transcriptionId,
      eventType: input.type,
      url,
      payload: input.body,
    },
    update: {},
    select: { id: true },
  });
  return [delivery.id];
}

/** After the transaction commits: one deliver-webhook job per delivery (the sweeper catches a miss). */
export async function enqueueWebhookDeliveries(jobs: JobQueues, deliveryIds: string[]): Promise<void> {
  for (const deliveryId of deliveryIds) {
    await jobs.enqueue('service.deliver-webhook', { deliveryId }, { jobId: `webhook-${deliveryId}` });
  }
}
