/**
 * A worker killed between the commit of a recording's outcome (status, results and the webhook
 * delivery row, one transaction) and the queueing of the delivery's job. BullMQ runs the stalled
 * processing job again; that retry finds the transcription COMPLETED and must queue the delivery
 * itself, not leave it to the minute sweep's two-minute grace (the killed-workers scenario has no
 * clock: the webhook, the hub's mirror and its Slack alert would all be lost).
 */
import { describe, expect, it } from 'vitest';
import type { JobQueues } from '../../src/queues/job-queues.js';
import { processRecording } from '../../src/service/processing/process-recording.js';
import { recordCompleted } from '../../src/service/processing/record-outcome.js';
import { serviceForFile } from '../support/service-for-file.js';
import { seedConfiguration, seedTranscription } from '../support/seed.js';

const rig = serviceForFile({ receiver: true });

const completed = {
  duration: 12.5,
  language: 'en',
  numSpeakers: 2,
  conversation: { segments: [] },
  summary: null,
  fields: null,
  evaluation: null,
};

/** The worker's queues as its death left them: the outcome committed, then nothing reached Redis. */
function diesBeforeQueueing(jobs: JobQueues): JobQueues {
  return { ...jobs, enqueue: () => Promise.reject(new Error('SIGKILL: the worker is gone')) };
}

async function seedInProgress(path: string) {
  const configuration = await seedConfiguration(rig.h.db, rig.account.id, { webhookSuccessUrl: `${rig.receiver.baseUrl}/${path}` });
  const row = await seedTranscription(rig.h.db, rig.account.id, { configurationId: configuration.id, name: path, queuedAt: new Date() });
  return { id: row.id, accountId: rig.account.id, configurationId: configuration.id, name: path };
}

describe('a worker killed between the outcome commit and the webhook queueing', () => {
  it('has the retried processing job queue the webhook, which is delivered once', async () => {
    const subject = await seedInProgress('retried');
    const dying = { ...rig.h.processingContext(), jobs: diesBeforeQueueing(rig.h.jobs) };
    await expect(recordCompleted(dying, subject, completed)).rejects.toThrow('SIGKILL');
    const delivery = await rig.h.db.webhookDelivery.findFirstOrThrow({ where: { transcriptionId: subject.id } });
    expect(delivery).toMatchObject({ status: 'pending', attemptCount: 0 });
    const queue = rig.h.jobs.queue('service.deliver-webhook');
    expect(await queue.getJob(`webhook-${delivery.id}`)).toBeUndefined();

    // BullMQ hands the stalled job to the next worker: the outcome is stored, the webhook is not sent.
    expect(await processRecording(rig.h.processingContext(), subject.id, { isLast: false })).toBe('skipped');
    expect((await queue.getJob(`webhook-${delivery.id}`))?.data).toEqual({ deliveryId: delivery.id });
    // Run again (a second stall): the job already queued is not doubled.
    expect(await processRecording(rig.h.processingContext(), subject.id, { isLast: false })).toBe('skipped');
    expect(await queue.getJobCounts('waiting', 'delayed', 'active')).toMatchObject({ waiting: 1 });

    rig.h.startWorker();
    await rig.receiver.waitFor(1, 20_000);
    await new Promise((r) => setTimeout(r, 1_000)); // room for a duplicate to show up
    expect(rig.receiver.received.filter((w) => w.path === '/retried')).toHaveLength(1);
    expect(await rig.h.db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      status: 'delivered',
      attemptCount: 1,
    });
  });

  it('leaves a delivery already attempted to its own job and the sweeper', async () => {
    const subject = await seedInProgress('attempted');
    const dying = { ...rig.h.processingContext(), jobs: diesBeforeQueueing(rig.h.jobs) };
    await expect(recordCompleted(dying, subject, completed)).rejects.toThrow('SIGKILL');
    const delivery = await rig.h.db.webhookDelivery.update({
      where: {
        transcriptionId_eventType_url: {
          transcriptionId: subject.id,
          eventType: 'transcription.completed',
          url: `${rig.receiver.baseUrl}/attempted`,
        },
      },
      data: { attemptCount: 1, nextAttemptAt: new Date(Date.now() + 60_000) },
    });
    expect(await processRecording(rig.h.processingContext(), subject.id, { isLast: false })).toBe('skipped');
    expect(await rig.h.jobs.queue('service.deliver-webhook').getJob(`webhook-${delivery.id}`)).toBeUndefined();
  });
});
