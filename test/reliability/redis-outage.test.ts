/**
 * Redis restarted mid-run: nothing acknowledged is lost, nothing is mirrored twice.
 *
 * A sender posts 30 signed success webhooks, one per evaluated transcription of the built-in
 * service, 100 ms apart, and retries every answer that is not 2xx 300 ms later, as a real sender
 * does. Everything of the hub that uses Redis goes through a TCP proxy: the receiver's queue
 * (ReceiptBatcher enqueues the mirror there after committing the receipt; its sweeper queues what
 * Redis did not take), the BullMQ workers'
 * connection, and the hub client's shared pacing. Once 8 webhooks are acknowledged the proxy is
 * taken down (new connections refused, open ones cut) for 3 s, then brought back. The sender holds
 * its last 20 webhooks until then, so they are sent during the outage however slow the machine is.
 *
 * Every transcription is a critical fail, and the hub alerts the fake Slack (critical-fail hook,
 * outbox, send jobs on the proxied queues).
 *
 * Proved: every attempt made and answered while Redis was down is acknowledged (202: the receipt
 * is committed in PostgreSQL, which is what acknowledged means), none is refused, so the sender
 * never retries; every webhook is acknowledged; every acknowledged webhook ends as exactly one
 * COMPLETED hub row with all the criterion results the upstream has, and exactly one Slack alert;
 * no duplicates. An alert whose send job could not be queued during the outage waits in the
 * outbox and is sent after the clock's sweep (run here directly, the minute's wait skipped by
 * ageing the pending rows).
 *
 * Honest about what is simulated: the proxy cuts the hub off from Redis the way a restart does
 * (connections reset, then refused), but Redis keeps its data, as a restart with persistence
 * (AOF/RDB) does; a restart that loses the queues is what reconciliation covers, not this.
 * The built-in service (the upstream the mirror fetches from) keeps its own direct connections,
 * as a separate upstream deployment would: this scenario is about the hub's Redis; an upstream
 * that answers 5xx during its own outage is retried by the client and then the job, as here.
 * Job backoff is scaled to 5% (50 ms first retry; production 1 s) so the run fits in seconds.
 */
import { describe, expect, it } from 'vitest';
import { createJobQueues } from '../../src/queues/job-queues.js';
import { createCriticalFailHook } from '../../src/hub/alerts/critical-fail-hook.js';
import { sweepAlerts } from '../../src/hub/alerts/sweep-alerts.js';
import { createRedis } from '../../src/redis.js';
import { startOutboxRelay } from '../../src/hub/webhooks/outbox-relay.js';
import { startFakeSlack } from '../fakes/fake-slack.js';
import { alertMessagesOf, slackHub } from '../hub/alerts/support.js';
import { pacedTestClient } from '../hub/client/support.js';
import { testRedisUrl, type Harness } from '../support/harness.js';
import { startHubStack } from '../support/hub-stack.js';
import { startTcpProxyFor } from '../support/tcp-proxy.js';
import { eventually } from '../support/webhook-receiver.js';
import {
  mirrorState,
  recordMirrorRuns,
  retriedJobs,
  sendWebhooksTo,
  seedEvaluatedTranscriptions,
  settle,
  type MirrorRun,
} from './support/outage-scenario.js';
import { drainMirrorQueue, expectMirroredExactlyOnce, expectReceiptsStoredOnce, settleMirrored } from './support/mirror-convergence.js';
import { reportScenario } from './support/report-scenario.js';
import { harnessForFile } from '../support/harness-for-file.js';

const transcriptions = 30;
const outageMs = 3_000;

let h: Harness;
const cleanups = harnessForFile((harness) => {
  h = harness;
});

describe('Redis restarted mid-run', () => {
  it('acknowledges while it is down, and mirrors and alerts every acknowledged webhook exactly once', async () => {
    const proxy = await startTcpProxyFor(testRedisUrl);
    cleanups.push(() => proxy.close());
    const proxiedUrl = proxy.url;
    const hubRedis = createRedis(proxiedUrl, { name: 'convoqa-test-hub' });
    hubRedis.on('error', () => undefined);
    cleanups.push(async () => hubRedis.disconnect());
    const hubJobs = createJobQueues(hubRedis, h.queuePrefix, { backoffScale: 0.05 });
    cleanups.push(() => hubJobs.close());
    const slack = await startFakeSlack({ channels: ['C0DEFAULT1'] });
    cleanups.push(() => slack.close());
    const stack = await startHubStack(h, { hub: (defaults) => ({ ...slackHub(slack, defaults), redis: hubRedis, jobs: hubJobs }) });
    cleanups.push(() => stack.close());
    // The web process's receipt sweeper, at test pace.
    const sweeper = startOutboxRelay({ db: h.db, jobs: hubJobs, logger: stack.hub.logger }, { sweepEveryMs: 200, olderThanMs: 500 });
    cleanups.push(() => sweeper.stop());
    const client = pacedTestClient(`${stack.baseUrl}/api`, stack.account.key, hubRedis);

    const ids = await seedEvaluatedTranscriptions(h.db, stack.account.id, transcriptions);
    const runs: MirrorRun[] = [];
    h.startWorker({
      hub: { ...stack.hub, upstream: () => Promise.resolve(client) },
      redisUrl: proxiedUrl,
      lockDurationMs: 2_000,
      handlers: recordMirrorRuns(runs),
      mirrorHooks: [createCriticalFailHook(stack.hub)],
    });

    const sender = sendWebhooksTo(stack, ids, {
      giveUpAfterMs: 25_000,
      // The rest wait for the outage: on a loaded machine the 8th acknowledgement can come after
      // a free-running sender has sent all 30, and none would then be sent while Redis is down.
      heldFrom: 10,
    });
    await eventually(async () => sender.acknowledged.size >= 8, 15_000, 10);
    await proxy.down();
    const downAt = Date.now();
    sender.release();
    await new Promise((resolve) => setTimeout(resolve, outageMs));
    const upAt = Date.now();
    await proxy.up();
    await sender.done;

    const accepted = [...sender.acknowledged];
    const state = await settleMirrored(h.db, ids, accepted, 20_000);
    await drainMirrorQueue(hubJobs, 10_000);
    const final = await mirrorState(h.db, ids);

    // Alerts whose send job could not be queued after the mirror's commit (Redis was down) wait in
    // the outbox as pending; the clock's per-minute sweep requeues those older than a minute. The
    // minute is skipped by ageing them, then the real sweep runs.
    await h.db
      .$executeRaw`UPDATE hub_alerts SET updated_at = now() - interval '2 minutes' WHERE transcription_id = ANY(${ids}::uuid[]) AND status = 'pending'`;
    const swept = await sweepAlerts(stack.hub);
    const outbox = await settle(
      () => h.db.hubAlert.findMany({ where: { transcriptionId: { in: ids } } }),
      (rows) => rows.length === final.mirrored.size && rows.every((r) => r.status === 'sent'),
      15_000,
    );
    // Every transcription seeded is a critical fail: one alert each is owed.
    const alertsPer = ids.map((id) => alertMessagesOf(slack, id).length);
    const alertsSent = alertsPer.filter((n) => n > 0).length;
    const alertDuplicates = alertsPer.reduce((sum, n) => sum + Math.max(0, n - 1), 0);
    const alertsLost = [...final.mirrored].filter((id) => alertMessagesOf(slack, id).length === 0).length;

    const duringOutage = sender.attempts.filter((a) => a.startedAt >= downAt && a.answeredAt <= upAt);
    const refused = sender.attempts.filter((a) => a.status === 503);
    const lost = accepted.filter((id) => !final.mirrored.has(id));
    reportScenario('redis-restart', {
      sent: ids.length,
      attempts: sender.attempts.length,
      answered_during_outage: duringOutage.length,
      answered_503: refused.length,
      accepted: accepted.length,
      mirrored: final.mirrored.size,
      retried_jobs: retriedJobs(runs),
      alerts_sent: alertsSent,
      alerts_swept: swept.requeued,
      half_written: final.halfWritten,
      duplicates: final.duplicates + alertDuplicates,
      lost: lost.length + alertsLost,
      outage_ms: upAt - downAt,
    });

    expect(duringOutage.length).toBeGreaterThan(0);
    expect(duringOutage.map((a) => a.status).filter((s) => s !== 202)).toEqual([]);
    expect(refused).toEqual([]);
    // Only 202 was answered: no 503 (Redis is not needed to acknowledge), no 500s, no dropped connections.
    expect([...new Set(sender.attempts.map((a) => a.status))].sort()).toEqual([202]);
    expectMirroredExactlyOnce(ids, accepted, state, final);
    expect(alertDuplicates).toBe(0);
    expect(alertsLost).toBe(0);
    expect(alertsSent).toBe(ids.length);
    expect(outbox.map((r) => r.status)).toEqual(ids.map(() => 'sent'));
    await expectReceiptsStoredOnce(h.db, ids);
  }, 60_000);
});
