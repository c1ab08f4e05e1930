/**
 * Outgoing webhooks from the admin API (docs/deliveries.md): the delivery log, replay of a
 * delivery that failed against a receiver that was down, recover-since, and a test event.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { recordFailed } from '../../src/service/processing/record-outcome.js';
import { errorBody } from '../support/harness.js';
import { freePort } from '../support/processes.js';
import { adminToken } from '../support/hub-stack.js';
import { serviceForFile } from '../support/service-for-file.js';
import { settledDelivery } from '../support/webhook-deliveries.js';
import { seedTranscription, seedConfiguration } from '../support/seed.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';

const rig = serviceForFile({ hubStack: true, receiver: true, worker: { webhookRetryDelaysMs: [20, 40] } });

const admin = {
  get: (path: string) => request(rig.stack.app).get(`/admin${path}`).set('authorization', `Bearer ${adminToken}`),
  post: (path: string, body: object = {}) =>
    request(rig.stack.app).post(`/admin${path}`).set('authorization', `Bearer ${adminToken}`).send(body),
};

async function configurationTo(url: string) {
  return seedConfiguration(rig.h.db, rig.account.id, { tag: 'hooks', webhookSuccessUrl: url, webhookErrorUrl: url });
}

/** Fails a fresh transcription of the configuration: one delivery to its error URL. */
async function failOne(configurationId: string) {
  const t = await seedTranscription(rig.h.db, rig.account.id, { configurationId });
  await recordFailed(
    rig.h.processingContext(),
    { id: t.id, accountId: rig.account.id, configurationId, name: null },
    { code: 'download_failed', message: 'gone' },
  );
  return rig.h.db.webhookDelivery.findFirstOrThrow({ where: { transcriptionId: t.id } });
}

const settled = (id: string) => settledDelivery(rig.h.db, id);

describe('replay', () => {
  it('a delivery that failed while the receiver was down is listed as failed, replayed once it is up, and arrives once', async () => {
    const port = await freePort();
    const configuration = await configurationTo(`http://127.0.0.1:${port}/hooks`);
    const delivery = await failOne(configuration.id);
    const failed = await settled(delivery.id);
    expect(failed).toMatchObject({ status: 'failed', attemptCount: 3 });

    const listed = await admin.get(`/accounts/${rig.account.name}/deliveries?status=failed`);
    expect(listed.status).toBe(200);
    const row = listed.body.data.deliveries.find((d: { id: string }) => d.id === delivery.id);
    expect(row).toMatchObject({
      status: 'failed',
      url: `http://127.0.0.1:${port}/hooks`,
      attempt_count: 3,
      next_attempt_at: null,
      replay_count: 0,
    });
    expect(row.attempts).toHaveLength(3);
    expect(row.attempts[0]).toMatchObject({ number: 1, status_code: null });
    expect(row.attempts[0].error).toMatch(/ECONNREFUSED|refused/i);
    expect(typeof row.attempts[0].duration_ms).toBe('number');

    const up = await startWebhookReceiver(() => rig.account.webhookSecret, { port });
    try {
      const replay = await admin.post(`/accounts/${rig.account.id}/deliveries/${delivery.id}/replay`);
      expect(replay.status).toBe(202);
      expect(replay.body).toEqual({ data: { id: delivery.id, status: 'pending' } });
      const done = await settled(delivery.id);
      expect(done).toMatchObject({ status: 'delivered', attemptCount: 4, replayCount: 1, seriesStartAttempt: 3 });
      await new Promise((r) => setTimeout(r, 300));
      expect(up.received).toHaveLength(1);
      const [arrived] = up.received;
      expect(arrived?.headers['webhook-id']).toBe(delivery.id);
      expect(arrived?.body).toBe(delivery.payload);
      expect(arrived?.verified).toMatchObject({ type: 'transcription.failed', data: { transcription_id: delivery.transcriptionId } });
      // A fresh timestamp: not the first attempt's.
      expect(Number(arrived?.headers['webhook-timestamp']) * 1000).toBeGreaterThanOrEqual(
        Math.floor(done.attempts[3].startedAt.getTime() / 1000) * 1000,
      );
    } finally {
      await up.close();
    }
  });

  it('a replayed delivery gets the whole retry schedule again', async () => {
    const port = await freePort();
    const configuration = await configurationTo(`http://127.0.0.1:${port}/again`);
    const delivery = await failOne(configuration.id);
    await settled(delivery.id);
    await admin.post(`/accounts/${rig.account.id}/deliveries/${delivery.id}/replay`).expect(202);
    const done = await settled(delivery.id);
    expect(done).toMatchObject({ status: 'failed', attemptCount: 6 });
  });

  it("refuses to replay a pending delivery (409) and another account's (404)", async () => {
    const configuration = await configurationTo(`${rig.receiver.baseUrl}/slow`);
    const t = await seedTranscription(rig.h.db, rig.account.id, { configurationId: configuration.id });
    const pending = await rig.h.db.webhookDelivery.create({
      data: {
        accountId: rig.account.id,
        transcriptionId: t.id,
        eventType: 'transcription.failed',
        url: `${rig.receiver.baseUrl}/never`,
        payload: '{}',
      },
    });
    const res = await admin.post(`/accounts/${rig.account.id}/deliveries/${pending.id}/replay`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual(
      errorBody('conflict', `Webhook delivery ${pending.id} is still being attempted; replay it once it is delivered or failed`),
    );
    const other = await rig.h.createAccount();
    const wrong = await admin.post(`/accounts/${other.id}/deliveries/${pending.id}/replay`);
    expect(wrong.status).toBe(404);
    expect(wrong.body).toEqual(errorBody('not_found', `No webhook delivery ${pending.id} in this account`));
    await rig.h.db.webhookDelivery.delete({ where: { id: pending.id } });
  });
});

describe('recover since', () => {
  it('re-sends exactly the failed deliveries created since the time: not delivered ones, not older ones', async () => {
    const own = await rig.h.createAccount();
    const since = new Date(Date.now() - 3_600_000);
    const url = `${rig.receiver.baseUrl}/recover`;
    const seed = (status: 'failed' | 'delivered', createdAt: Date) =>
      rig.h.db.webhookDelivery.create({
        data: {
          accountId: own.id,
          transcriptionId: crypto.randomUUID(),
          eventType: 'transcription.completed',
          url,
          payload: `{"n":"${status}-${createdAt.toISOString()}"}`,
          status,
          attemptCount: 7,
          createdAt,
        },
      });
    const before = await seed('failed', new Date(since.getTime() - 60_000));
    const failedA = await seed('failed', new Date(since.getTime() + 60_000));
    const delivered = await seed('delivered', new Date(since.getTime() + 120_000));
    const failedB = await seed('failed', new Date(since.getTime() + 180_000));
    const seen = rig.receiver.received.length;

    const res = await admin.post(`/accounts/${own.name}/deliveries/recover`, { since: since.toISOString() });
    expect(res.status).toBe(202);
    expect(res.body.data).toEqual({ recovered: 2, delivery_ids: [failedA.id, failedB.id], has_more: false });
    await settled(failedA.id);
    await settled(failedB.id);
    await new Promise((r) => setTimeout(r, 300));
    const arrived = rig.receiver.received.slice(seen).filter((r) => r.path === '/recover');
    expect(arrived.map((r) => r.headers['webhook-id']).sort()).toEqual([failedA.id, failedB.id].sort());
    expect(arrived.every((r) => r.verified === null)).toBe(true); // signed with `own`'s secret, not the receiver's account's
    const rows = await rig.h.db.webhookDelivery.findMany({ where: { accountId: own.id }, select: { id: true, status: true } });
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [before.id]: 'failed',
      [failedA.id]: 'delivered',
      [delivered.id]: 'delivered',
      [failedB.id]: 'delivered',
    });
  });

  it('answers 400 for a missing or unreadable since', async () => {
    const res = await admin.post(`/accounts/${rig.account.id}/deliveries/recover`, { since: 'yesterday' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/since/);
  });
});

describe('test event', () => {
  it("sends a signed test.ping to the configuration's URLs, recorded as deliveries", async () => {
    const configuration = await seedConfiguration(rig.h.db, rig.account.id, {
      tag: 'ping',
      webhookSuccessUrl: `${rig.receiver.baseUrl}/ping-ok`,
      webhookErrorUrl: `${rig.receiver.baseUrl}/ping-err`,
    });
    const res = await admin.post(`/accounts/${rig.account.id}/configurations/${configuration.id}/test-webhook`);
    expect(res.status).toBe(202);
    expect(res.body.data.event_type).toBe('test.ping');
    expect(res.body.data.delivery_ids).toHaveLength(2);
    for (const id of res.body.data.delivery_ids as string[]) expect((await settled(id)).status).toBe('delivered');
    const pings = rig.receiver.received.filter((r) => r.path.startsWith('/ping-'));
    expect(pings.map((p) => p.path).sort()).toEqual(['/ping-err', '/ping-ok']);
    for (const ping of pings) {
      expect(ping.verified).toMatchObject({ type: 'test.ping', data: { configuration_id: configuration.id } });
    }
    const listed = await admin.get(`/accounts/${rig.account.id}/deliveries/${res.body.data.delivery_ids[0]}`);
    expect(listed.body.data).toMatchObject({ event_type: 'test.ping', transcription_id: null, status: 'delivered' });
  });

  it("is acknowledged by the hub's own receiver without a mirror", async () => {
    const configuration = await seedConfiguration(rig.h.db, rig.stack.account.id, {
      tag: 'hub-ping',
      webhookSuccessUrl: `${rig.stack.baseUrl}/webhooks/transcriptions/success`,
      webhookErrorUrl: `${rig.stack.baseUrl}/webhooks/transcriptions/error`,
    });
    const res = await admin.post(`/accounts/${rig.stack.account.id}/configurations/${configuration.id}/test-webhook`);
    for (const id of res.body.data.delivery_ids as string[]) {
      const done = await settled(id);
      expect(done.status).toBe('delivered');
      expect(done.lastStatusCode).toBe(202);
    }
  });

  it('answers 409 for a configuration without webhooks', async () => {
    const configuration = await seedConfiguration(rig.h.db, rig.account.id, { tag: 'quiet' });
    const res = await admin.post(`/accounts/${rig.account.id}/configurations/${configuration.id}/test-webhook`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual(errorBody('conflict', `Configuration ${configuration.id} has no webhooks to test`));
  });
});

describe('delivery log', () => {
  it('pages newest first with a cursor and filters by time', async () => {
    const own = await rig.h.createAccount();
    const base = Date.parse('2026-03-01T00:00:00Z');
    for (let i = 0; i < 5; i += 1) {
      await rig.h.db.webhookDelivery.create({
        data: {
          accountId: own.id,
          transcriptionId: crypto.randomUUID(),
          eventType: 'transcription.completed',
          url: 'http://127.0.0.1:1/x',
          payload: '{}',
          status: 'delivered',
          createdAt: new Date(base + i * 60_000),
        },
      });
    }
    const first = await admin.get(`/accounts/${own.id}/deliveries?limit=2`);
    expect(first.body.data.deliveries.map((d: { created_at: string }) => d.created_at)).toEqual([
      new Date(base + 4 * 60_000).toISOString(),
      new Date(base + 3 * 60_000).toISOString(),
    ]);
    const second = await admin.get(`/accounts/${own.id}/deliveries?limit=2&cursor=${first.body.data.next_cursor}`);
    expect(second.body.data.deliveries.map((d: { created_at: string }) => d.created_at)).toEqual([
      new Date(base + 2 * 60_000).toISOString(),
      new Date(base + 60_000).toISOString(),
    ]);
    const window = await admin.get(
      `/accounts/${own.id}/deliveries?from=${encodeURIComponent(new Date(base + 60_000).toISOString())}&to=${encodeURIComponent(new Date(base + 3 * 60_000).toISOString())}`,
    );
    expect(window.body.data.deliveries).toHaveLength(2);
    expect(window.body.data.next_cursor).toBeNull();
    const bad = await admin.get(`/accounts/${own.id}/deliveries?cursor=nonsense`);
    expect(bad.body).toEqual(errorBody('invalid_value', 'Invalid cursor: use next_cursor from a previous page'));
  });
});
