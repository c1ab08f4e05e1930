import type { Db } from '../../db.js';
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

/**
 * Queues again the deliveries of a transcription's outcome that were never attempted: the worker
 * that stored the outcome may have died between the commit and enqueueWebhookDeliveries, and the
 * retried processing job, finding the transcription no longer IN_PROGRESS, is what finishes that
 * work (seconds later, instead of the minute sweep's two-minute grace). The job id is the
 * delivery's, so a job already queued, delayed or running is not doubled; a delivery attempted
 * once has had its job and is the sweeper's. Returns how many it queued.
 */
export async function requeueUnattemptedDeliveries(deps: { db: Db; jobs: JobQueues }, transcriptionId: string): Promise<number> {
  const waiting = await deps.db.webhookDelivery.findMany({
    where: { transcriptionId, status: 'pending', attemptCount: 0 },
    select: { id: true },
  });
  await enqueueWebhookDeliveries(
    deps.jobs,
    waiting.map((d) => d.id),
  );
  return waiting.length;
}
