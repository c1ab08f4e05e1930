/**
 * PostgreSQL restarted mid-run: mirror jobs are retried, nothing acknowledged is lost, nothing is
 * half-written.
 *
 * A sender posts 30 signed success webhooks, one per evaluated transcription of the built-in
 * service, 100 ms apart, and retries every answer that is not 2xx 300 ms later, as a real sender
 * does. The hub's database connection, used by both its receiver (the receipts) and its workers
 * (the mirror), goes through a TCP proxy. PostgreSQL is taken down at the worst moment for the
 * mirror: inside the first mirror transaction (a transcription's first) after 10 webhooks are
 * acknowledged, once it has upserted the row and inserted the criterion results but before it
 * commits (a mirror hook, run inside the transaction, downs the proxy: open connections cut, new
 * ones refused). It stays down 3 s, then comes back. The sender holds its last 18 webhooks until
 * PostgreSQL is down, so they are sent during the outage however slow the machine is.
 *
 * Proved: the interrupted transaction left nothing behind (read during the outage through a direct
 * connection); while PostgreSQL is down the receiver answers 503, as documented in
 * webhook-intake.ts ("If the receipt cannot be committed (PostgreSQL unreachable) the answer is
 * 503, so the sender retries"), it does not accept on Redis alone; mirror jobs that failed
 * while it was down were retried by BullMQ and succeeded; every acknowledged webhook ends as
 * exactly one COMPLETED hub row with as many criterion results as the upstream's evaluation, no
 * row without its criteria, no criteria without their row, no duplicates.
 *
 * Honest about what is simulated: the built-in service (the upstream the mirror fetches from, and
 * this test's own reads and seeds) keeps a direct connection, as an upstream with its own database
 * would: the failures counted are the hub's own writes. (With `npm start` both share one server;
 * the upstream then answers 5xx during the outage, which the client retries and then the job, the
 * same retry path as here.) Redis stays up. Job backoff is scaled to 5% (50 ms first retry;
 * production 1 s) so the run fits in seconds; ten attempts still span about 25 s.
 * Slack is off (alerts_sent=0): an alert send cut between its post and its "sent" mark keeps its
 * row leased (alertLeaseMs, 60 s) before a retry may check Slack for it, which would make the run's
 * length depend on timing; redis-outage.test.ts covers alerts across an outage.
 */
import { describe, expect, it } from 'vitest';
import { createJobQueues } from '../../src/queues/job-queues.js';
import { createDb } from '../../src/db.js';
import { testDatabaseUrl, type Harness } from '../support/harness.js';
import { startHubStack } from '../support/hub-stack.js';
import { startTcpProxyFor } from '../support/tcp-proxy.js';
import { eventually } from '../support/webhook-receiver.js';
import {
  mirrorState,
  recordMirrorRuns,
  retriedJobs,
  sendWebhooksTo,
  seedEvaluatedTranscriptions,
  type MirrorRun,
} from './support/outage-scenario.js';
import { drainMirrorQueue, expectMirroredExactlyOnce, expectReceiptsStoredOnce, settleMirrored } from './support/mirror-convergence.js';
import { reportScenario } from './support/report-scenario.js';
import type { MirrorHook } from '../../src/hub/mirror/mirror-hook.js';
import { harnessForFile } from '../support/harness-for-file.js';

const transcriptions = 30;
const outageMs = 3_000;

let h: Harness;
const cleanups = harnessForFile((harness) => {
  h = harness;
});

describe('PostgreSQL restarted mid-run', () => {
  it('retries the mirror jobs, answers 503 while it is down, and leaves every acknowledged transcription mirrored whole, once', async () => {
    const proxy = await startTcpProxyFor(testDatabaseUrl);
    cleanups.push(() => proxy.close());
    const hubDb = createDb(proxy.url, { maxConnections: 4 });
    cleanups.push(() => hubDb.$disconnect());
    const hubJobs = createJobQueues(h.redis, h.queuePrefix, { backoffScale: 0.05 });
    cleanups.push(() => hubJobs.close());
    const stack = await startHubStack(h, { hub: () => ({ db: hubDb, jobs: hubJobs }) });
    cleanups.push(() => stack.close());

    const ids = await seedEvaluatedTranscriptions(h.db, stack.account.id, transcriptions);

    // The outage starts inside the first mirror transaction after 10 webhooks were acknowledged
    // (20 are still to come), once its writes are done and before its commit. Only a first mirror
    // of its transcription (no row before), so that "nothing left behind" means no row at all: a
    // job may mirror twice in a row when its receipt was stored after it started (jobs/mirror-transcription.ts).
    const outage: { downAt?: number; interrupted?: string } = {};
    const acknowledged = new Set<string>();
    const runs: MirrorRun[] = [];
    h.startWorker({
      hub: stack.hub,
      lockDurationMs: 2_000,
      handlers: recordMirrorRuns(runs),
      mirrorHooks: [
        (async (_tx, mirrored, previous) => {
          if (outage.interrupted || acknowledged.size < 10 || previous !== null) return;
          outage.interrupted = mirrored.transcription_id;
          await proxy.down();
          outage.downAt = Date.now();
        }) satisfies MirrorHook,
      ],
    });

    const sender = sendWebhooksTo(stack, ids, {
      giveUpAfterMs: 25_000,
      acknowledged,
      // The rest wait for the outage: on a loaded machine the first mirror after the 10th
      // acknowledgement can come after a free-running sender has sent all 30 (seen: at 4.0 s,
      // the last webhook acknowledged at 3.7 s), and none would then be sent while it is down.
      heldFrom: 12,
    });
    const downAt = await eventually(async () => outage.downAt, 15_000, 5);
    sender.release();
    // Read through the direct connection while the hub's is down: the interrupted mirror left nothing.
    await new Promise((resolve) => setTimeout(resolve, outageMs / 2));
    const duringOutage = await mirrorState(h.db, ids);
    const interruptedRow = await h.db.hubTranscription.findUnique({ where: { id: outage.interrupted ?? '' } });
    const interruptedResults = await h.db.hubCriterionResult.count({ where: { transcriptionId: outage.interrupted ?? '' } });
    await new Promise((resolve) => setTimeout(resolve, downAt + outageMs - Date.now()));
    const upAt = Date.now();
    await proxy.up();
    await sender.done;

    const accepted = [...sender.acknowledged];
    const state = await settleMirrored(h.db, ids, accepted, 20_000);
    await drainMirrorQueue(hubJobs, 10_000);
    const final = await mirrorState(h.db, ids);
    const failedForGood = await hubJobs.queue('hub.mirror-transcription').getJobCounts('failed');

    const answeredWhileDown = sender.attempts.filter((a) => a.startedAt >= downAt && a.answeredAt <= upAt);
    const failedRuns = runs.filter((r) => r.failed);
    const lost = accepted.filter((id) => !final.mirrored.has(id));
    const halfWritten = duringOutage.halfWritten + final.halfWritten;
    reportScenario('postgres-restart', {
      sent: ids.length,
      attempts: sender.attempts.length,
      answered_503: sender.attempts.filter((a) => a.status === 503).length,
      accepted: accepted.length,
      mirrored: final.mirrored.size,
      job_runs: runs.length,
      failed_runs: failedRuns.length,
      retried_jobs: retriedJobs(runs),
      jobs_failed_for_good: failedForGood.failed,
      alerts_sent: 0,
      half_written: halfWritten,
      duplicates: final.duplicates,
      lost: lost.length,
      outage_ms: upAt - downAt,
    });

    // The interrupted transaction was rolled back whole: no row, no criteria, while PostgreSQL was down.
    expect(interruptedRow).toBeNull();
    expect(interruptedResults).toBe(0);
    // Receipts while it was down: 503 (documented design), none accepted on Redis alone.
    expect(answeredWhileDown.length).toBeGreaterThan(0);
    expect(answeredWhileDown.map((a) => a.status).filter((s) => s !== 503)).toEqual([]);
    expect([...new Set(sender.attempts.map((a) => a.status))].sort()).toEqual([202, 503]);
    // Jobs failed while it was down and were retried to success.
    expect(failedRuns.length).toBeGreaterThan(0);
    expect(retriedJobs(runs)).toBeGreaterThan(0);
    expect(failedRuns.some((r) => r.jobId === `mirror-${outage.interrupted}`)).toBe(true);
    expect(failedForGood.failed).toBe(0);
    // Every acknowledged webhook mirrored whole, exactly once; nothing half written during the outage either.
    expect(final.mirrored.size).toBe(accepted.length);
    expectMirroredExactlyOnce(ids, accepted, state, final);
    expect(halfWritten).toBe(0);
    await expectReceiptsStoredOnce(h.db, ids);
  }, 60_000);
});
