/**
 * The receiver's outbox relay (the receipt sweeper) claims receipts under a lease and calls Redis
 * outside any PostgreSQL transaction. On a database of this file's own (the sweeper reads the
 * receipts table whole) and a private redis-server per test (the shared one is never paused):
 * (a) while Redis is stalled (SIGSTOP) no session of the sweeper is idle in a transaction and the
 *     receiver still answers 202; after SIGCONT every receipt's mirror is queued;
 * (b) two sweepers side by side (two "web processes": their own pools and Redis connections)
 *     claim disjoint batches and queue every receipt;
 * (c) receipts claimed by a sweeper that died are left alone until the lease runs out, then queued.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../../src/db.js';
import { claimUnsentReceipts } from '../../../src/hub/webhooks/claim-unsent-receipts.js';
import { startOutboxRelay } from '../../../src/hub/webhooks/outbox-relay.js';
import { sweepUnsentReceipts } from '../../../src/hub/webhooks/sweep-unsent-receipts.js';
import { createJobQueues, type JobQueues } from '../../../src/queues/job-queues.js';
import { createRedis } from '../../../src/redis.js';
import { startPrivateRedis, type PrivateRedis } from '../../reliability/support/private-redis.js';
import { createHarness, type Harness } from '../../support/harness.js';
import { startHubStack } from '../../support/hub-stack.js';
import { createScratchDatabase } from '../../support/scratch-database.js';
import { eventually } from '../../support/webhook-receiver.js';

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let h: Harness;
let redis: PrivateRedis;
/** The queues' key prefix, one per test, shared by its "web processes" as by real ones. */
let queuePrefix: string;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  scratch = await createScratchDatabase('sweeper');
  h = createHarness({ databaseUrl: scratch.url });
}, 60_000);
afterAll(async () => {
  await h.close();
  await scratch.drop();
});
beforeEach(async () => {
  redis = await startPrivateRedis();
  queuePrefix = `test-sweeper-${randomUUID().slice(0, 8)}`;
  await h.db.hubWebhookReceipt.deleteMany({});
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  redis.resume();
  await redis.close();
});

/** A "web process" of its own: a pool named in pg_stat_activity, and a Redis connection. */
async function openProcess(name: string): Promise<{ db: Db; jobs: JobQueues }> {
  const url = new URL(scratch.url);
  url.searchParams.set('application_name', name);
  const db = createDb(url.toString(), { maxConnections: 2 });
  const connection = createRedis(redis.url, { name });
  connection.on('error', () => undefined);
  await connection.ping();
  const jobs = createJobQueues(connection, queuePrefix);
  cleanups.push(
    () => db.$disconnect(),
    async () => connection.disconnect(),
    () => jobs.close(),
  );
  return { db, jobs };
}

/** Receipts committed `ageMs` ago whose mirror was never queued, one transcription each. */
async function insertUnsentReceipts(count: number, ageMs: number): Promise<{ id: string; transcriptionId: string }[]> {
  return h.db.$queryRaw<{ id: string; transcriptionId: string }[]>`
    INSERT INTO hub_webhook_receipts (id, transcription_id, event_type, outcome, received_at)
    SELECT 'whid-' || gen_random_uuid(), gen_random_uuid(), 'transcription.completed', 'success', now() - make_interval(secs => ${ageMs / 1000}::float8)
      FROM generate_series(1, ${count}::int)
    RETURNING id, transcription_id::text AS "transcriptionId"`;
}

async function queuedMirrors(jobs: JobQueues, transcriptionIds: readonly string[]): Promise<number> {
  const queue = jobs.queue('hub.mirror-transcription');
  const found = await Promise.all(transcriptionIds.map((id) => queue.getJob(`mirror-${id}`)));
  return found.filter(Boolean).length;
}

const unsentCount = () => h.db.hubWebhookReceipt.count({ where: { enqueuedAt: null } });

describe('receipt sweeper, Redis stalled', () => {
  it('keeps no PostgreSQL session idle in a transaction, the receiver answers 202, and every receipt is queued after SIGCONT', async () => {
    const web = await openProcess('convoqa-test-receiver');
    const sweeperName = 'convoqa-test-sweeper';
    const sweeper = await openProcess(sweeperName);
    const stack = await startHubStack(h, { hub: () => ({ jobs: web.jobs }) });
    cleanups.push(() => stack.close());
    const running = startOutboxRelay(
      { db: sweeper.db, jobs: sweeper.jobs, logger: stack.hub.logger },
      { sweepEveryMs: 200, olderThanMs: 500 },
    );
    cleanups.push(() => running.stop());

    redis.pause();
    const transcriptionIds = Array.from({ length: 10 }, () => randomUUID());
    const started = Date.now();
    const answers = await Promise.all(
      transcriptionIds.map((transcriptionId) => {
        const id = randomUUID();
        const at = new Date();
        const body = JSON.stringify({ type: 'transcription.completed', data: { transcription_id: transcriptionId } });
        const signature = new Webhook(stack.account.webhookSecret).sign(id, at, body);
        return request(stack.app)
          .post('/webhooks/transcriptions/success')
          .set({
            'content-type': 'application/json',
            'webhook-id': id,
            'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
            'webhook-signature': signature,
          })
          .send(body);
      }),
    );
    const answeredMs = Date.now() - started;
    expect(answers.map((a) => a.status)).toEqual(transcriptionIds.map(() => 202));
    // Acknowledged on the commit: Redis (stalled) is not on the answer's path.
    expect(answeredMs).toBeLessThan(2_000);

    // 6 s of stall: the sweeper claims, waits on Redis until the call gives up, gives the claims
    // back, and claims again. Sampled every 50 ms, its sessions are never idle in a transaction.
    let samples = 0;
    let idleInTransaction = 0;
    let openTransactions = 0;
    let sawClaimed = false;
    const until = Date.now() + 6_000;
    while (Date.now() < until) {
      const sessions = await h.db.$queryRaw<{ state: string | null; inTransaction: boolean }[]>`
        SELECT state, xact_start IS NOT NULL AS "inTransaction" FROM pg_stat_activity WHERE application_name = ${sweeperName}`;
      idleInTransaction += sessions.filter((s) => s.state?.startsWith('idle in transaction')).length;
      openTransactions += sessions.filter((s) => s.inTransaction && s.state !== 'active').length;
      const [claimed] = await h.db.$queryRaw<
        { n: number }[]
      >`SELECT count(*)::int AS n FROM hub_webhook_receipts WHERE lease_until > now()`;
      if ((claimed?.n ?? 0) > 0) sawClaimed = true;
      samples += 1;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(samples).toBeGreaterThan(20);
    // The sweeper was at work (holding claims while Redis did not answer) ...
    expect(sawClaimed).toBe(true);
    // ... with no transaction of its own left open.
    expect({ idleInTransaction, openTransactions }).toEqual({ idleInTransaction: 0, openTransactions: 0 });
    expect(await unsentCount()).toBe(transcriptionIds.length);

    redis.resume();
    await eventually(async () => (await unsentCount()) === 0, 15_000, 100);
    expect(await queuedMirrors(web.jobs, transcriptionIds)).toBe(transcriptionIds.length);
    expect(await h.db.hubWebhookReceipt.count({ where: { leaseUntil: { not: null } } })).toBe(0);
  }, 60_000);
});

describe('two receipt sweepers side by side', () => {
  it('claim disjoint batches and queue every receipt', async () => {
    const receipts = await insertUnsentReceipts(300, 10_000);
    const a = await openProcess('convoqa-test-sweeper-a');
    const b = await openProcess('convoqa-test-sweeper-b');
    const drain = async (p: { db: Db; jobs: JobQueues }) => {
      const batches: number[] = [];
      for (;;) {
        const { queued } = await sweepUnsentReceipts(p, { olderThanMs: 1_000, limit: 20 });
        if (queued === 0) return batches;
        batches.push(queued);
      }
    };
    const [fromA, fromB] = await Promise.all([drain(a), drain(b)]);
    const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
    // Each receipt claimed by exactly one of them: no receipt queued twice.
    expect(sum(fromA) + sum(fromB)).toBe(300);
    expect(sum(fromA)).toBeGreaterThan(0);
    expect(sum(fromB)).toBeGreaterThan(0);
    expect(await unsentCount()).toBe(0);
    expect(await h.db.hubWebhookReceipt.count({ where: { leaseUntil: { not: null } } })).toBe(0);
    // Both write to the same queues (one Redis, as two web processes do): every mirror is there.
    expect(
      await queuedMirrors(
        a.jobs,
        receipts.map((r) => r.transcriptionId),
      ),
    ).toBe(300);
    expect((await a.jobs.queue('hub.mirror-transcription').getJobCounts('wait')).wait).toBe(300);
  }, 60_000);
});

describe('a sweeper that died holding a lease', () => {
  it('keeps its receipts from the others until the lease runs out, then they are queued', async () => {
    const receipts = await insertUnsentReceipts(5, 10_000);
    const transcriptionIds = receipts.map((r) => r.transcriptionId);
    const dead = await openProcess('convoqa-test-sweeper-dead');
    const alive = await openProcess('convoqa-test-sweeper-alive');
    const leaseMs = 1_500;
    // The dead sweeper claimed them and never got further (killed before or during its Redis call).
    const claimedAt = Date.now();
    expect(await claimUnsentReceipts(dead.db, { olderThanMs: 1_000, leaseMs, limit: 100 })).toHaveLength(5);

    expect(await sweepUnsentReceipts(alive, { olderThanMs: 1_000 })).toEqual({ queued: 0 });
    expect(await queuedMirrors(alive.jobs, transcriptionIds)).toBe(0);

    const swept = await eventually(
      async () => {
        const outcome = await sweepUnsentReceipts(alive, { olderThanMs: 1_000 });
        return outcome.queued > 0 ? { ...outcome, afterMs: Date.now() - claimedAt } : undefined;
      },
      10_000,
      100,
    );
    expect(swept.queued).toBe(5);
    expect(swept.afterMs).toBeGreaterThanOrEqual(leaseMs - 100);
    expect(await queuedMirrors(alive.jobs, transcriptionIds)).toBe(5);
    expect(await unsentCount()).toBe(0);
  }, 30_000);
});
