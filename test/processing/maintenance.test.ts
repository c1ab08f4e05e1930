import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextRetryDelay, webhookRetryDelaysMs } from '../../src/service/webhooks/webhook-retry-schedule.js';
import { AccountSlots } from '../../src/service/processing/account-slots.js';
import { sweepProcessing } from '../../src/service/processing/sweep-processing.js';
import { purgeExpiredTranscriptions } from '../../src/service/retention/purge-expired-transcriptions.js';
import { seedBulkScoredTranscriptions } from '../support/analytics-seed.js';
import { expectHourStatsRecomputable } from '../support/analytics-hour-stats.js';
import { createHarness, type Harness } from '../support/harness.js';
import { seedSupportAccount } from '../support/scored-history.js';
import { seedTranscription } from '../support/seed.js';

/** The account's status counts equal a count of its calls, and every call's failed_criteria_json its FAIL results. */
async function expectAggregatesOfCallsLeft(accountId: string) {
  const counts = await h.db.transcriptionStatusCount.findMany({ where: { accountId, count: { not: 0 } }, orderBy: { status: 'asc' } });
  const actual = await h.db.transcription.groupBy({ by: ['status'], where: { accountId }, _count: true, orderBy: { status: 'asc' } });
  expect(counts.map((c) => [c.status, c.count])).toEqual(actual.map((a) => [a.status, a._count]));
  const stale = await h.db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM svc_transcriptions t
    WHERE t.account_id = ${accountId}::uuid AND t.failed_criteria_json IS DISTINCT FROM svc_failed_criteria_json_of(t.id)`;
  expect(stale[0]?.n).toBe(0);
}

let h: Harness;
beforeAll(() => {
  h = createHarness();
});
afterAll(() => h.close());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('the sweeper (every minute)', () => {
  it('re-enqueues a queued transcription whose job Redis lost, and leaves live ones alone', async () => {
    const account = await h.createAccount();
    const lost = await seedTranscription(h.db, account.id, { queuedAt: minutesAgo(5) });
    const fresh = await seedTranscription(h.db, account.id, { queuedAt: new Date() });
    const report = await sweepProcessing(h.processingContext());
    expect(report.requeued).toBeGreaterThanOrEqual(1);
    const queue = h.jobs.queue('service.process-recording');
    expect((await queue.getJob(`rec-${lost.id}`))?.data).toEqual({ transcriptionId: lost.id });
    expect(await queue.getJob(`rec-${fresh.id}`)).toBeUndefined();
    const again = await sweepProcessing(h.processingContext());
    expect(again.requeued).toBe(0); // the job is there now
  });

  it('FAILs a transcription processing for hours, and an upload that expired unnoticed', async () => {
    const account = await h.createAccount();
    const stuck = await seedTranscription(h.db, account.id, { queuedAt: minutesAgo(500), processingStartedAt: minutesAgo(400) });
    const abandoned = await seedTranscription(h.db, account.id, { uploadTokenHash: 'x', uploadExpiresAt: minutesAgo(10) });
    const report = await sweepProcessing(h.processingContext());
    expect(report.failedStuck).toBeGreaterThanOrEqual(1);
    expect(report.expiredUploads).toBeGreaterThanOrEqual(1);
    expect(await h.db.transcription.findUniqueOrThrow({ where: { id: stuck.id } })).toMatchObject({
      status: 'FAILED',
      errorCode: 'processing_failed',
      errorMessage: 'Processing did not finish in time',
    });
    expect(await h.db.transcription.findUniqueOrThrow({ where: { id: abandoned.id } })).toMatchObject({
      status: 'FAILED',
      errorCode: 'download_failed',
    });
  });

  it('re-enqueues a pending webhook delivery whose job is gone, at its next attempt time', async () => {
    const account = await h.createAccount();
    const t = await seedTranscription(h.db, account.id);
    const delivery = await h.db.webhookDelivery.create({
      data: {
        accountId: account.id,
        transcriptionId: t.id,
        eventType: 'transcription.completed',
        url: 'http://127.0.0.1:1/x',
        payload: '{}',
        createdAt: minutesAgo(10),
        nextAttemptAt: new Date(Date.now() + 60_000),
      },
    });
    await sweepProcessing(h.processingContext());
    const job = await h.jobs.queue('service.deliver-webhook').getJob(`webhook-${delivery.id}`);
    expect(job?.data).toEqual({ deliveryId: delivery.id });
    expect(job?.opts.delay).toBeGreaterThan(50_000);
  });
});

describe('retention', () => {
  it('deletes transcriptions submitted over a year ago, with their results and webhook history', async () => {
    const account = await h.createAccount();
    const old = await seedTranscription(h.db, account.id, { submittedAt: new Date(Date.now() - 366 * 86_400_000) });
    const recent = await seedTranscription(h.db, account.id, { submittedAt: new Date(Date.now() - 364 * 86_400_000) });
    await h.db.webhookDelivery.create({
      data: {
        accountId: account.id,
        transcriptionId: old.id,
        eventType: 'transcription.completed',
        url: 'http://x',
        payload: '{}',
        status: 'delivered',
      },
    });
    expect(await purgeExpiredTranscriptions(h.processingContext())).toBeGreaterThanOrEqual(1);
    expect(await h.db.transcription.findUnique({ where: { id: old.id } })).toBeNull();
    expect(await h.db.webhookDelivery.count({ where: { transcriptionId: old.id } })).toBe(0);
    expect(await h.db.transcription.findUnique({ where: { id: recent.id } })).not.toBeNull();
  });

  it('purges more than a batch of scored calls set-based, keeping every aggregate of the calls left exact', async () => {
    const { accountId, evaluator, participantId } = await seedSupportAccount(h, [
      { name: 'Greeting', type: 'boolean' },
      { name: 'Resolution', type: 'scale' },
      { name: 'No promises', type: 'strict' },
    ]);
    await seedBulkScoredTranscriptions(h.db, {
      accountId,
      evaluator,
      participantIds: [participantId],
      count: 620,
      newest: new Date('2026-05-01T10:00:00Z'),
      stepMinutes: 30,
      withResults: true,
    });
    await seedTranscription(h.db, accountId, { status: 'FAILED' });
    // The oldest 560 (and the FAILED one) expire: more than one batch of 500, days shared with kept calls.
    const all = await h.db.transcription.findMany({ where: { accountId }, orderBy: { createdAt: 'asc' }, select: { id: true } });
    const doomed = all.slice(0, 561).map((t) => t.id);
    await h.db.transcription.updateMany({ where: { id: { in: doomed } }, data: { submittedAt: new Date(Date.now() - 400 * 86_400_000) } });
    const keyOf = (id: string) => `${accountId}/${id}.wav`;
    await h.db.transcription.update({ where: { id: doomed[0] }, data: { recordingKey: keyOf(doomed[0]) } });
    await h.deps.storage.write(keyOf(doomed[0]), Readable.from([Buffer.from('RIFF')]), { maxBytes: 100 });
    await h.db.webhookDelivery.create({
      data: { accountId, transcriptionId: doomed[1], eventType: 'transcription.completed', url: 'http://x', payload: '{}' },
    });

    expect(await purgeExpiredTranscriptions(h.processingContext())).toBeGreaterThanOrEqual(561);
    expect(await h.db.transcription.count({ where: { accountId } })).toBe(all.length - 561);
    expect(await h.db.criterionResult.count({ where: { transcriptionId: { in: doomed } } })).toBe(0);
    expect(await h.db.webhookDelivery.count({ where: { transcriptionId: { in: doomed } } })).toBe(0);
    expect(await h.deps.storage.exists(keyOf(doomed[0]))).toBe(false);
    await expectHourStatsRecomputable(h.db, [accountId]);
    await expectAggregatesOfCallsLeft(accountId);

    // The purge's setting ended with its transactions: an ordinary delete is followed as before.
    const [next] = all.slice(561);
    await h.db.criterionResult.deleteMany({ where: { transcriptionId: next?.id, position: 0 } });
    await h.db.transcription.delete({ where: { id: all.at(-1)?.id } });
    await expectHourStatsRecomputable(h.db, [accountId]);
    await expectAggregatesOfCallsLeft(accountId);
  });
});

describe('account processing slots', () => {
  it('admit at most the limit at once, per account, and free a slot on release', async () => {
    const slots = new AccountSlots(h.redis, { prefix: `${h.queuePrefix}:slots-test:`, limit: 2 });
    const a = await slots.acquire('acct-1', 't1');
    const b = await slots.acquire('acct-1', 't2');
    expect(a).not.toBeNull();
    expect(b).not.toBeNull();
    expect(await slots.acquire('acct-1', 't3')).toBeNull();
    expect(await slots.acquire('acct-2', 't4')).not.toBeNull();
    // Taking the same transcription's slot again (a retried job) is not a second slot.
    expect(await slots.acquire('acct-1', 't1')).not.toBeNull();
    await a!.release();
    expect(await slots.acquire('acct-1', 't3')).not.toBeNull();
  });

  it("let a dead worker's lease run out, while a live worker's lease is renewed", async () => {
    const prefix = `${h.queuePrefix}:slots-lease:`;
    const slots = new AccountSlots(h.redis, { prefix, limit: 1, leaseMs: 300 });
    // A dead worker: its lease is in Redis, expiring in 300 ms, and nobody renews it.
    const [seconds, micros] = await h.redis.time();
    await h.redis.zadd(`${prefix}acct`, Number(seconds) * 1000 + Math.floor(Number(micros) / 1000) + 300, 'dead-job');
    expect(await slots.acquire('acct', 't1')).toBeNull();
    await new Promise((r) => setTimeout(r, 400));
    const live = await slots.acquire('acct', 't1');
    expect(live).not.toBeNull();
    // A live one renews every leaseMs / 3, so its slot stays taken past the lease time.
    await new Promise((r) => setTimeout(r, 700));
    expect(await slots.acquire('acct', 't2')).toBeNull();
    await live!.release();
    expect(await slots.acquire('acct', 't2')).not.toBeNull();
  });
});

describe('webhook retry schedule', () => {
  it("is docs/decisions.md's: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then none", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((attempt) => nextRetryDelay(webhookRetryDelaysMs, attempt))).toEqual([
      5_000,
      300_000,
      1_800_000,
      7_200_000,
      18_000_000,
      36_000_000,
      null,
    ]);
  });
});
