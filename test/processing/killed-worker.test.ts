import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, type TestAccount } from '../support/harness.js';
import { startEntry, type ChildService } from '../support/processes.js';
import { startRecordingServer, type RecordingServer } from '../support/recording-server.js';
import { supportCall, synthesizeConversation } from '../support/synthesize.js';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

let h: Harness;
let account: TestAccount;
let recordings: RecordingServer;
let receiver: WebhookReceiver;
const children: ChildService[] = [];

beforeAll(async () => {
  h = createHarness();
  account = await h.createAccount();
  recordings = await startRecordingServer();
  receiver = await startWebhookReceiver(() => account.webhookSecret);
});
afterAll(async () => {
  await Promise.all(children.map((c) => c.stop('SIGKILL')));
  await h.close();
  await recordings.close();
  await receiver.close();
});

/** A `worker` process as the Procfile runs it, on this test's queues and storage. */
function startWorkerProcess(): ChildService {
  const child = startEntry('src/worker.ts', {
    QUEUE_PREFIX: h.queuePrefix,
    DATA_DIR: h.dataDir,
    WORKER_CONCURRENCY: '1',
    // A killed worker's job is taken over once its 2 s lock runs out (30 s in production).
    WORKER_LOCK_DURATION_MS: '2000',
  });
  children.push(child);
  return child;
}

describe('a worker killed mid-job (SIGKILL)', () => {
  it('neither loses nor duplicates the transcription, its results or its webhook', async () => {
    const configurationId = (
      await account.call('create-configuration', {
        tag: 'killed',
        webhooks: { success_url: `${receiver.baseUrl}/ok`, error_url: `${receiver.baseUrl}/error` },
      })
    ).body.data.configuration.configuration_id;
    const evaluatorId = (
      await account.call('create-evaluator', {
        tag: 'QA',
        criteria: [
          { name: 'Greeting', type: 'boolean', weight: 50 },
          { name: 'Closing', type: 'boolean', weight: 50 },
        ],
      })
    ).body.data.evaluator.evaluator_id;
    const url = recordings.serve('long-call.wav', await synthesizeConversation([...supportCall, ...supportCall], { stereo: true }));
    const id: string = (await account.call('submit', { configuration_id: configurationId, evaluator_id: evaluatorId, url, name: 'killed' })).body.data
      .transcription_id;

    const first = startWorkerProcess();
    await eventually(async () => (await h.db.transcription.findUniqueOrThrow({ where: { id } })).processingStartedAt, 30_000);
    await new Promise((r) => setTimeout(r, 800)); // well inside the engines' work
    const killedAt = Date.now();
    expect(await first.stop('SIGKILL')).toBeNull(); // killed by the signal, not exited
    expect(() => process.kill(first.child.pid!, 0)).toThrow(); // and really gone
    expect((await h.db.transcription.findUniqueOrThrow({ where: { id } })).status).toBe('IN_PROGRESS');

    const second = startWorkerProcess();
    const done = await eventually(async () => {
      const row = await h.db.transcription.findUniqueOrThrow({ where: { id } });
      return row.status === 'IN_PROGRESS' ? undefined : row;
    }, 90_000);
    expect(done.status).toBe('COMPLETED');
    // The job really was taken over: the run that finished it began after the first worker died.
    const job = await h.jobs.queue('service.process-recording').getJob(`rec-${id}`);
    expect(job?.processedOn).toBeGreaterThan(killedAt);
    expect(await h.db.transcription.count({ where: { accountId: account.id, name: 'killed' } })).toBe(1);
    expect(await h.db.criterionResult.count({ where: { transcriptionId: id } })).toBe(2);

    await receiver.waitFor(1, 20_000);
    await new Promise((r) => setTimeout(r, 1_500)); // room for a duplicate to show up
    expect(receiver.received.filter((w) => w.path === '/ok')).toHaveLength(1);
    expect(await h.db.webhookDelivery.count({ where: { transcriptionId: id } })).toBe(1);

    expect(await second.stop('SIGTERM')).toBe(0);
  }, 150_000);
});
