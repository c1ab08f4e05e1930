/**
 * A private Redis, as configured in production here (no persistence), SIGKILLed mid-stream and
 * started again empty: the queued mirror jobs are gone. Nothing acknowledged may be lost anyway:
 * the receipts and the upstream's rows are in PostgreSQL, and reconciliation (the clock's
 * HUB_RECONCILE_CRON, run here every 2 s instead of every 5 minutes) converges. Printed: sent,
 * acknowledged, jobs lost with Redis, mirrored, lost (0), duplicated (0), and the time from the
 * restart to every acknowledged webhook being mirrored.
 *
 * The hub's worker is started only after the restart, so that every job queued before the kill is
 * in Redis, not yet done, when Redis dies: the worst case of a restart that keeps nothing.
 */
import { describe, expect, it } from 'vitest';
import { reconcileMirror } from '../../src/hub/mirror/reconcile-mirror.js';
import { createJobQueues } from '../../src/queues/job-queues.js';
import { createRedis } from '../../src/redis.js';
import { pacedTestClient } from '../hub/client/support.js';
import { type Harness } from '../support/harness.js';
import { startHubStack } from '../support/hub-stack.js';
import { eventually } from '../support/webhook-receiver.js';
import { mirrorState, sendWebhooksTo, seedEvaluatedTranscriptions, settle } from './support/outage-scenario.js';
import { startPrivateRedis } from './support/private-redis.js';
import { convergenceFigures, drainMirrorQueue, expectMirroredExactlyOnce, settleMirrored } from './support/mirror-convergence.js';
import { reportScenario } from './support/report-scenario.js';
import { harnessForFile } from '../support/harness-for-file.js';

const transcriptions = 30;

let h: Harness;
// The harness closes last, bounded like the others (a CI run once timed out the hook after the scenario passed).
const cleanups = harnessForFile(
  (harness) => {
    h = harness;
  },
  { closeHarnessLast: true },
);

describe('a Redis without persistence, SIGKILLed and restarted empty', () => {
  it('loses the queued jobs but nothing acknowledged: reconciliation mirrors every one, once', async () => {
    const redis = await startPrivateRedis();
    cleanups.push(() => redis.close());
    const hubRedis = createRedis(redis.url, { name: 'convoqa-test-hub' });
    hubRedis.on('error', () => undefined);
    cleanups.push(async () => hubRedis.disconnect());
    const hubJobs = createJobQueues(hubRedis, h.queuePrefix, { backoffScale: 0.05 });
    cleanups.push(() => hubJobs.close());
    const stack = await startHubStack(h, { hub: (defaults) => ({ ...defaults, redis: hubRedis, jobs: hubJobs }) });
    cleanups.push(() => stack.close());
    const client = pacedTestClient(`${stack.baseUrl}/api`, stack.account.key, hubRedis);
    const hub = { ...stack.hub, upstream: () => Promise.resolve(client) };

    const ids = await seedEvaluatedTranscriptions(h.db, stack.account.id, transcriptions);
    const sender = sendWebhooksTo(stack, ids, {
      giveUpAfterMs: 30_000,
    });
    await eventually(async () => sender.acknowledged.size >= 12, 20_000, 10);
    const queuedBeforeKill = await hubJobs.queue('hub.mirror-transcription').getWaitingCount();
    await redis.kill();
    const killedAt = Date.now();
    await new Promise((r) => setTimeout(r, 1_500));
    await redis.restart();
    const restartedAt = Date.now();
    const queuedAfterRestart = await settle(
      () =>
        hubJobs
          .queue('hub.mirror-transcription')
          .getWaitingCount()
          .catch(() => -1),
      (n) => n >= 0,
      10_000,
    );

    h.startWorker({ hub, redisUrl: redis.url, lockDurationMs: 2_000 });
    // The clock's reconciliation, every 2 s here.
    let reconciling = true;
    const reconciler = (async () => {
      while (reconciling) {
        await reconcileMirror(hub).catch(() => undefined);
        await new Promise((r) => setTimeout(r, 2_000));
      }
    })();
    await sender.done;
    const accepted = [...sender.acknowledged];
    const state = await settleMirrored(h.db, ids, accepted, 60_000);
    const convergedMs = Date.now() - restartedAt;
    reconciling = false;
    await reconciler;
    await drainMirrorQueue(hubJobs, 15_000);
    const final = await mirrorState(h.db, ids);
    const lost = accepted.filter((id) => !final.mirrored.has(id));

    reportScenario('redis-killed-empty', {
      sent: ids.length,
      acknowledged: accepted.length,
      jobs_queued_at_kill: queuedBeforeKill,
      jobs_after_restart: queuedAfterRestart,
      ...convergenceFigures(final, lost, restartedAt - killedAt, convergedMs),
    });

    expect(queuedBeforeKill).toBeGreaterThan(0); // there was something to lose
    expectMirroredExactlyOnce(ids, accepted, state, final);
  }, 180_000);
});
