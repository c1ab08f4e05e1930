import { afterAll, describe, expect, it } from 'vitest';
import { startEntry, type ChildService } from '../support/processes.js';
import { serviceForFile } from '../support/service-for-file.js';
import { supportCall, synthesizeConversation } from '../support/synthesize.js';
import { eventually } from '../support/webhook-receiver.js';

const rig = serviceForFile({ recordings: true, receiver: true });
const children: ChildService[] = [];
afterAll(() => Promise.all(children.map((c) => c.stop('SIGKILL'))));

/** A `worker` process as the Procfile runs it, on this test's queues and storage. */
function startWorkerProcess(): ChildService {
  const child = startEntry('src/worker.ts', {
    QUEUE_PREFIX: rig.h.queuePrefix,
    DATA_DIR: rig.h.dataDir,
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
      await rig.account.call('create-configuration', {
        tag: 'killed',
        webhooks: { success_url: `${rig.receiver.baseUrl}/ok`, error_url: `${rig.receiver.baseUrl}/error` },
      })
    ).body.data.configuration.configuration_id;
    const evaluatorId = (
      await rig.account.call('create-evaluator', {
        tag: 'QA',
        criteria: [
          { name: 'Greeting', type: 'boolean', weight: 50 },
          { name: 'Closing', type: 'boolean', weight: 50 },
        ],
      })
    ).body.data.evaluator.evaluator_id;
    const url = rig.recordings.serve('long-call.wav', await synthesizeConversation([...supportCall, ...supportCall], { stereo: true }));
    const id: string = (
      await rig.account.call('submit', { configuration_id: configurationId, evaluator_id: evaluatorId, url, name: 'killed' })
    ).body.data.transcription_id;

    const first = startWorkerProcess();
    await eventually(async () => (await rig.h.db.transcription.findUniqueOrThrow({ where: { id } })).processingStartedAt, 30_000);
    await new Promise((r) => setTimeout(r, 800)); // well inside the engines' work
    const killedAt = Date.now();
    expect(await first.stop('SIGKILL')).toBeNull(); // killed by the signal, not exited
    expect(() => process.kill(first.child.pid!, 0)).toThrow(); // and really gone
    expect((await rig.h.db.transcription.findUniqueOrThrow({ where: { id } })).status).toBe('IN_PROGRESS');

    const second = startWorkerProcess();
    const done = await eventually(async () => {
      const row = await rig.h.db.transcription.findUniqueOrThrow({ where: { id } });
      return row.status === 'IN_PROGRESS' ? undefined : row;
    }, 90_000);
    expect(done.status).toBe('COMPLETED');
    // The job really was taken over: the run that finished it began after the first worker died.
    const job = await rig.h.jobs.queue('service.process-recording').getJob(`rec-${id}`);
    expect(job?.processedOn).toBeGreaterThan(killedAt);
    expect(await rig.h.db.transcription.count({ where: { accountId: rig.account.id, name: 'killed' } })).toBe(1);
    expect(await rig.h.db.criterionResult.count({ where: { transcriptionId: id } })).toBe(2);

    await rig.receiver.waitFor(1, 20_000);
    await new Promise((r) => setTimeout(r, 1_500)); // room for a duplicate to show up
    expect(rig.receiver.received.filter((w) => w.path === '/ok')).toHaveLength(1);
    expect(await rig.h.db.webhookDelivery.count({ where: { transcriptionId: id } })).toBe(1);

    expect(await second.stop('SIGTERM')).toBe(0);
  }, 150_000);
});
