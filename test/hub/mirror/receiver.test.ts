import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobHandlers } from '../../../src/queues/job-handler.js';
import { reconcileMirror } from '../../../src/hub/mirror/reconcile-mirror.js';
import { readSyncState } from '../../../src/hub/mirror/sync-state.js';
import { createHarness, type Harness } from '../../support/harness.js';
import { createScratchDatabase } from '../../support/scratch-database.js';
import { startHubStack, type HubStack } from '../../support/hub-stack.js';
import { seedEvaluatedTranscription } from '../client/support.js';
import { signedTranscriptionWebhook } from '../../support/signed-webhook-headers.js';
import { eventually } from '../../support/webhook-receiver.js';

// Reconciliation compares the upstream's list with the whole mirror (the hub mirrors one account),
// so this file has a database of its own: other files' mirrored rows would look gone.
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let h: Harness;
let stack: HubStack;
const mirrorRuns: string[] = [];

beforeAll(async () => {
  scratch = await createScratchDatabase('receiver');
  h = createHarness({ databaseUrl: scratch.url });
  stack = await startHubStack(h);
  // Count mirror runs while keeping the real handler.
  h.startWorker({
    hub: stack.hub,
    handlers: (defaults: JobHandlers) => ({
      ...defaults,
      'hub.mirror-transcription': async (payload, job, token) => {
        mirrorRuns.push(payload.transcriptionId);
        await defaults['hub.mirror-transcription'](payload, job, token);
      },
    }),
  });
});
afterAll(async () => {
  await stack.close();
  await h.close();
  await scratch.drop();
});

/** A webhook signed with `secret`, as the built-in service sends it. */
function signed(transcriptionId: string, options: { secret?: string; id?: string; at?: Date; type?: string } = {}) {
  return signedTranscriptionWebhook(options.secret ?? stack.account.webhookSecret, transcriptionId, options);
}

const post = (path: string, hook: { body: string; headers: Record<string, string> }) =>
  request(stack.app).post(path).set(hook.headers).send(hook.body);

const mirrorJob = (id: string) => h.jobs.queue('hub.mirror-transcription').getJob(`mirror-${id}`);

describe('the webhook receiver', () => {
  it('acknowledges a duplicate webhook as a duplicate, keeps one receipt and one copy', async () => {
    const seeded = await seedEvaluatedTranscription(h.db, stack.account.id);
    const hook = signed(seeded.id);
    const first = await post('/webhooks/transcriptions/success', hook);
    const again = await post('/webhooks/transcriptions/success', hook);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ data: { received: true, duplicate: false } });
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ data: { received: true, duplicate: true } });
    await eventually(async () => (await h.db.hubTranscription.findUnique({ where: { id: seeded.id } })) ?? undefined, 10_000);
    await new Promise((r) => setTimeout(r, 300));
    // The repeat is a poke too: its mirror folds into the first's job while that waits, or runs after it (docs/mirror.md, "Webhooks are pokes").
    expect(mirrorRuns.filter((id) => id === seeded.id).length).toBeGreaterThanOrEqual(1);
    expect(mirrorRuns.filter((id) => id === seeded.id).length).toBeLessThanOrEqual(2);
    expect(await h.db.hubWebhookReceipt.findMany({ where: { transcriptionId: seeded.id }, select: { duplicates: true } })).toEqual([
      { duplicates: 1 },
    ]);
    expect(await h.db.hubCriterionResult.count({ where: { transcriptionId: seeded.id } })).toBe(2);
  });

  it('refuses a forged signature with 401 and enqueues nothing', async () => {
    const id = randomUUID();
    const forged = signed(id, { secret: `whsec_${Buffer.from('not the secret at all 32 bytes!!').toString('base64')}` });
    const res = await post('/webhooks/transcriptions/success', forged);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 'unauthorized', message: 'Webhook signature not verified: No matching signature found' } });
    expect(await h.db.hubWebhookReceipt.count({ where: { transcriptionId: id } })).toBe(0);
    expect(await mirrorJob(id)).toBeUndefined();
  });

  it('refuses a stale timestamp (over 5 minutes) and a missing signature', async () => {
    const id = randomUUID();
    const stale = signed(id, { at: new Date(Date.now() - 6 * 60_000) });
    const res = await post('/webhooks/transcriptions/success', stale);
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual({ code: 'unauthorized', message: 'Webhook signature not verified: Message timestamp too old' });
    const unsigned = await request(stack.app)
      .post('/webhooks/transcriptions/success')
      .set('content-type', 'application/json')
      .send(signed(id).body);
    expect(unsigned.status).toBe(401);
    expect(await h.db.hubWebhookReceipt.count({ where: { transcriptionId: id } })).toBe(0);
  });

  it('refuses a tampered body, an oversized one, and a verified body without a transcription id', async () => {
    const id = randomUUID();
    const hook = signed(id);
    const tampered = await post('/webhooks/transcriptions/success', { ...hook, body: hook.body.replace(id, randomUUID()) });
    expect(tampered.status).toBe(401);
    const huge = await request(stack.app)
      .post('/webhooks/transcriptions/success')
      .set('content-type', 'application/json')
      .send('x'.repeat(70_000));
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('payload_too_large');
    const secret = stack.account.webhookSecret;
    const at = new Date();
    const body = JSON.stringify({ type: 'transcription.completed', data: { id: 'nope' } });
    const badBody = await request(stack.app)
      .post('/webhooks/transcriptions/success')
      .set({
        'webhook-id': 'msg_1',
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': new Webhook(secret).sign('msg_1', at, body),
      })
      .send(body);
    expect(badBody.status).toBe(400);
    expect(badBody.body).toEqual({
      error: {
        code: 'invalid_value',
        message:
          'Webhook body must be a JSON object naming a transcription id (a UUID) as data.transcription_id, transcription_id, data.id or id',
      },
    });
    expect((await request(stack.app).post('/webhooks/transcriptions/other').send('{}')).status).toBe(404);
  });

  it('answers a correctly signed body that is not JSON with 400 saying so (not 401), storing and queuing nothing', async () => {
    const at = new Date();
    const ids: string[] = [];
    for (const [i, body] of ['not json at all', '{"data": {"transcription_id": ', '\u0000\u0001', '<xml/>'].entries()) {
      const id = `msg_notjson_${i}_${randomUUID()}`;
      ids.push(`whid-${id}`);
      const res = await request(stack.app)
        .post('/webhooks/transcriptions/success')
        .set({
          'content-type': 'application/json',
          'webhook-id': id,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': new Webhook(stack.account.webhookSecret).sign(id, at, body),
        })
        .send(body);
      expect(res.status, body).toBe(400);
      expect(res.body).toEqual({ error: { code: 'invalid_json', message: 'Webhook body is not JSON' } });
    }
    expect(await h.db.hubWebhookReceipt.count({ where: { id: { in: ids } } })).toBe(0);
    expect(await h.jobs.queue('hub.mirror-transcription').getWaitingCount()).toBe(0);
  });

  it('acknowledges a webhook naming an unknown transcription, and mirrors nothing', async () => {
    const id = randomUUID();
    expect((await post('/webhooks/transcriptions/error', signed(id, { type: 'transcription.failed' }))).status).toBe(202);
    await eventually(async () => mirrorRuns.includes(id), 10_000);
    await eventually(async () => (await mirrorJob(id)) === undefined, 10_000); // completed and removed
    expect(await h.db.hubTranscription.findUnique({ where: { id } })).toBeNull();
  });
});

describe('reconciliation', () => {
  it('mirrors a group changed upstream, and marks a transcription deleted upstream', async () => {
    const changed = await seedEvaluatedTranscription(h.db, stack.account.id);
    const deleted = await seedEvaluatedTranscription(h.db, stack.account.id);
    await reconcileMirror(stack.hub);
    await eventually(async () => (await h.db.hubTranscription.count({ where: { id: { in: [changed.id, deleted.id] } } })) === 2, 10_000);

    await stack.client.updateTranscriptionGroup({ transcription_id: changed.id, group: 'UNDER_REVIEW' });
    await stack.client.deleteTranscription({ transcription_id: deleted.id });
    const report = await reconcileMirror(stack.hub);
    expect(report.queuedChanged).toBeGreaterThanOrEqual(1);
    expect(report.queuedGone).toBeGreaterThanOrEqual(1);
    await eventually(async () => (await h.db.hubTranscription.findUnique({ where: { id: changed.id } }))?.group === 'UNDER_REVIEW', 10_000);
    const gone = await eventually(async () => {
      const row = await h.db.hubTranscription.findUnique({ where: { id: deleted.id } });
      return row?.deletedAt ? row : undefined;
    }, 10_000);
    expect(gone.deletedAt).toBeInstanceOf(Date);

    // Converged: nothing left to queue.
    const quiet = await reconcileMirror(stack.hub);
    expect(quiet.queuedChanged + quiet.queuedGone).toBe(0);
  });
});

describe('reconciliation when a mirror cannot be queued', () => {
  it('logs it, queues the others and records the run', async () => {
    const [refused, queued] = [
      await seedEvaluatedTranscription(h.db, stack.account.id),
      await seedEvaluatedTranscription(h.db, stack.account.id),
    ];
    // The real queues, refusing this one transcription's mirror.
    const jobs: typeof h.jobs = {
      ...h.jobs,
      enqueue: (name, payload, options) =>
        (payload as { transcriptionId?: string }).transcriptionId === refused.id
          ? Promise.reject(new Error('queue refused'))
          : h.jobs.enqueue(name, payload, options),
    };
    const report = await reconcileMirror({ ...stack.hub, jobs });
    expect(report.enqueueFailed).toBe(1);
    await eventually(async () => (await h.db.hubTranscription.findUnique({ where: { id: queued.id } })) ?? undefined, 10_000);
    expect(await h.db.hubTranscription.findUnique({ where: { id: refused.id } })).toBeNull();
    expect(await readSyncState(h.db)).toMatchObject({ enqueueFailed: 1 });

    // The next run queues it.
    expect((await reconcileMirror(stack.hub)).queuedNew).toBeGreaterThanOrEqual(1);
    await eventually(async () => (await h.db.hubTranscription.findUnique({ where: { id: refused.id } })) ?? undefined, 10_000);
  });
});

describe("reconciliation as the receipts' backstop", () => {
  it('queues receipts left unsent for a minute, but not those a live sweeper holds', async () => {
    const longAgo = new Date(Date.now() - 120_000);
    const [left, held] = [randomUUID(), randomUUID()];
    await h.db.hubWebhookReceipt.createMany({
      data: [
        { id: `left-${left}`, transcriptionId: left, eventType: 'transcription.completed', outcome: 'success', receivedAt: longAgo },
        {
          id: `held-${held}`,
          transcriptionId: held,
          eventType: 'transcription.completed',
          outcome: 'success',
          receivedAt: longAgo,
          leaseUntil: new Date(Date.now() + 60_000),
        },
      ],
    });
    const report = await reconcileMirror(stack.hub);
    expect(report.queuedUnsent).toBe(1);
    const rows = await h.db.hubWebhookReceipt.findMany({
      where: { id: { in: [`left-${left}`, `held-${held}`] } },
      orderBy: { id: 'desc' },
    });
    expect(rows.map((r) => [r.id.split('-')[0], r.enqueuedAt !== null, r.leaseUntil !== null])).toEqual([
      ['left', true, false],
      ['held', false, true],
    ]);
    await h.db.hubWebhookReceipt.deleteMany({ where: { id: { in: [`left-${left}`, `held-${held}`] } } });
  });
});

describe('token-verified receivers (an upstream that does not sign)', () => {
  it('accept the URL token, refuse a wrong or missing one', async () => {
    const tokenStack = await startHubStack(h, { signed: false });
    try {
      const seeded = await seedEvaluatedTranscription(h.db, tokenStack.account.id);
      const body = JSON.stringify({ type: 'transcription.completed', data: { transcription_id: seeded.id } });
      const send = (query: string) =>
        request(tokenStack.app).post(`/webhooks/transcriptions/success${query}`).set('content-type', 'application/json').send(body);
      expect((await send('?token=hub-stack-token-0123456789abcdef')).status).toBe(202);
      const wrong = await send('?token=guess');
      expect(wrong.status).toBe(401);
      expect(wrong.body.error).toEqual({ code: 'unauthorized', message: 'Webhook token missing or wrong' });
      expect((await send('')).status).toBe(401);
    } finally {
      await tokenStack.close();
    }
  });
});
