/**
 * The incoming side in the admin API: receipts with their verification outcome and the mirror
 * job each became, refused webhooks, re-mirroring one transcription, the reconciliation's runs.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { reconcileMirror } from '../../../src/hub/mirror/reconcile-mirror.js';
import { recordReconcileRun } from '../../../src/hub/mirror/sync-state.js';
import type { Harness } from '../../support/harness.js';
import { adminToken, scratchHubStackForFile, type HubStack } from '../../support/hub-stack.js';
import { seedEvaluatedTranscription } from '../../support/seed.js';
import { eventually } from '../../support/webhook-receiver.js';
import { completedEventFor, postSignedWebhook } from '../../support/post-signed-webhook.js';

// The reconciliation runs are the hub's own (one list for the whole mirror): a database of this
// file's own, so another file reconciling side by side cannot slip a run in between.
let h: Harness;
let stack: HubStack;
scratchHubStackForFile('admin_webhooks', (harness, started) => {
  h = harness;
  stack = started;
  h.startWorker({ hub: { upstream: () => Promise.resolve(stack.client) } });
});

const admin = {
  get: (path: string) => request(stack.app).get(`/admin${path}`).set('authorization', `Bearer ${adminToken}`),
  post: (path: string) => request(stack.app).post(`/admin${path}`).set('authorization', `Bearer ${adminToken}`).send({}),
};

/** POSTs a webhook to the hub's receiver, signed with `secret` (by default the account's) at `at`. */
const sendWebhook = (body: string, options: { id?: string; secret?: string; at?: Date } = {}) =>
  postSignedWebhook(stack.app, options.secret ?? stack.account.webhookSecret, body, options);
const eventFor = completedEventFor;

describe('receipts and rejections', () => {
  it('lists each outcome: accepted (with its mirror and lag), duplicate, bad signature, stale, malformed', async () => {
    const from = new Date(Date.now() - 1_000).toISOString();
    const seeded = await seedEvaluatedTranscription(h.db, stack.account.id);
    const webhookId = randomUUID();
    expect((await sendWebhook(eventFor(seeded.id), { id: webhookId })).status).toBe(202);
    const repeat = await sendWebhook(eventFor(seeded.id), { id: webhookId });
    expect(repeat.body).toEqual({ data: { received: true, duplicate: true } });
    const badId = randomUUID();
    expect((await sendWebhook(eventFor(seeded.id), { id: badId, secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}` })).status).toBe(
      401,
    );
    expect((await sendWebhook(eventFor(seeded.id), { at: new Date(Date.now() - 3_600_000) })).status).toBe(401);
    expect((await sendWebhook('{"type": "transcription.completed", "data": {}}')).status).toBe(400);

    const receipt = await eventually(async () => {
      const res = await admin.get(`/webhooks/receipts?transcription_id=${seeded.id}&from=${encodeURIComponent(from)}`);
      const row = res.body.data.receipts[0];
      return row?.mirror_job.state === 'mirrored' && row.mirrored_at ? res.body.data : undefined;
    }, 20_000);
    expect(receipt.receipts).toHaveLength(1);
    expect(receipt.receipts[0]).toMatchObject({
      id: `tx-${seeded.id}-success`,
      transcription_id: seeded.id,
      event_type: 'transcription.completed',
      receiver: 'success',
      outcome: 'accepted',
      duplicates: 1,
      mirror_job: { state: 'mirrored', error: null },
    });
    expect(receipt.receipts[0].mirror_lag_ms).toBeGreaterThanOrEqual(0);
    expect(receipt.counts).toMatchObject({ accepted: expect.any(Number), duplicate: expect.any(Number) });
    expect(receipt.counts.accepted).toBeGreaterThanOrEqual(1);
    expect(receipt.counts.duplicate).toBeGreaterThanOrEqual(1);
    for (const outcome of ['bad_signature', 'stale', 'malformed']) expect(receipt.counts[outcome], outcome).toBeGreaterThanOrEqual(1);

    const rejections = (await admin.get('/webhooks/rejections?limit=200')).body.data.rejections as {
      outcome: string;
      webhook_id: string | null;
      reason: string;
      receiver: string;
    }[];
    const bad = rejections.find((r) => r.webhook_id === badId);
    expect(bad).toMatchObject({
      outcome: 'bad_signature',
      receiver: 'success',
      reason: 'Webhook signature not verified: No matching signature found',
    });
    expect(rejections.some((r) => r.outcome === 'stale' && r.reason === 'Webhook signature not verified: Message timestamp too old')).toBe(
      true,
    );
    expect(rejections.some((r) => r.outcome === 'malformed')).toBe(true);
    const onlyStale = (await admin.get('/webhooks/rejections?outcome=stale')).body.data.rejections as { outcome: string }[];
    expect(new Set(onlyStale.map((r) => r.outcome))).toEqual(new Set(['stale']));
  });
});

describe('re-mirror and reconciliation runs', () => {
  it('re-mirrors one transcription on demand', async () => {
    const seeded = await seedEvaluatedTranscription(h.db, stack.account.id);
    const res = await admin.post(`/transcriptions/${seeded.id.toUpperCase()}/mirror`);
    expect(res.status).toBe(202);
    expect(res.body.data).toEqual({ job_id: `mirror-${seeded.id}`, transcription_id: seeded.id });
    await eventually(() => h.db.hubTranscription.findUnique({ where: { id: seeded.id } }).then((t) => t ?? undefined), 20_000);
    // Again, once the first is done: a fresh job.
    const before = (await h.db.hubTranscription.findUniqueOrThrow({ where: { id: seeded.id } })).mirroredAt;
    await admin.post(`/transcriptions/${seeded.id}/mirror`).expect(202);
    await eventually(async () => (await h.db.hubTranscription.findUniqueOrThrow({ where: { id: seeded.id } })).mirroredAt > before, 20_000);
  });

  it('lists the last reconciliations, what they found or why they failed', async () => {
    await recordReconcileRun(h.db, { ok: false, lastReconcileAt: new Date().toISOString(), error: 'upstream unreachable' });
    const report = await reconcileMirror(stack.hub);
    const runs = (await admin.get('/sync/runs')).body.data.runs as Record<string, unknown>[];
    expect(runs[0]).toMatchObject({ ok: true, error: null, listed: report.listed, queued_new: report.queuedNew, list_cut: false });
    expect(runs[1]).toMatchObject({ ok: false, error: 'upstream unreachable', listed: null });
    expect(runs.length).toBeLessThanOrEqual(20);
  });
});
