/**
 * Signing-secret rotation with an overlap (docs/deliveries.md): during the overlap every webhook
 * carries a signature with each secret, so a receiver holding only the old one and a receiver
 * holding only the new one both verify it (checked with the `standardwebhooks` library, not our
 * code); after the overlap only the new one verifies. The hub's own receiver keeps accepting.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiverCredentialsProvider } from '../../src/hub/webhooks/receiver-credentials.js';
import { recordFailed } from '../../src/service/processing/record-outcome.js';
import { createHarness, type Harness, type TestAccount } from '../support/harness.js';
import { adminToken, startHubStack, type HubStack } from '../support/hub-stack.js';
import { seedTranscription, seedConfiguration } from '../support/seed.js';
import { eventually } from '../support/webhook-receiver.js';

interface Arrival {
  headers: Record<string, string>;
  body: string;
}

let h: Harness;
let stack: HubStack;
let account: TestAccount;
let server: Server;
let baseUrl: string;
const arrivals: Arrival[] = [];

beforeAll(async () => {
  h = createHarness();
  // The hub's receiver reads its secret as the embedded default does: the hub account's, from the database.
  stack = await startHubStack(h, {
    hub: (defaults) => ({
      receiverCredentials: receiverCredentialsProvider({
        db: defaults.db,
        configuredSecret: null,
        configuredToken: 'rotation-token-0123456789abcdef',
        embeddedSecret: async () => (await defaults.db.account.findUniqueOrThrow({ where: { id: stack.account.id } })).webhookSecret,
        refreshIntervalMs: 0,
      }),
    }),
  });
  account = await h.createAccount();
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      arrivals.push({
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  h.startWorker({ webhookRetryDelaysMs: [20, 40] });
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await stack.close();
  await h.close();
});

const rotate = (accountRef: string, overlap?: string) =>
  request(stack.app)
    .post(`/admin/accounts/${accountRef}/rotate-secret`)
    .set('authorization', `Bearer ${adminToken}`)
    .send(overlap === undefined ? {} : { overlap });

/** Webhooks for `count` failed transcriptions of the account's configuration; resolves when all are delivered. */
async function sendWebhooks(owner: TestAccount, configurationId: string, count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const t = await seedTranscription(h.db, owner.id, { configurationId });
    await recordFailed(
      h.processingContext(),
      { id: t.id, accountId: owner.id, configurationId, name: `n${i}` },
      { code: 'download_failed', message: 'gone' },
    );
    ids.push((await h.db.webhookDelivery.findFirstOrThrow({ where: { transcriptionId: t.id } })).id);
  }
  return Promise.all(
    ids.map((id) =>
      eventually(async () => {
        const d = await h.db.webhookDelivery.findUniqueOrThrow({ where: { id } });
        return d.status === 'pending' ? undefined : d;
      }, 20_000),
    ),
  );
}

const verifies = (secret: string, arrival: Arrival) => {
  try {
    new Webhook(secret).verify(arrival.body, arrival.headers);
    return true;
  } catch {
    return false;
  }
};

describe('signing secret rotation', () => {
  it('during the overlap receivers with either secret verify every webhook; after it only the new one does', async () => {
    const configuration = await seedConfiguration(h.db, account.id, {
      tag: 'rotation',
      webhookSuccessUrl: `${baseUrl}/hooks`,
      webhookErrorUrl: `${baseUrl}/hooks`,
    });
    const oldSecret = account.webhookSecret;
    const rotated = await rotate(account.name, '24h');
    expect(rotated.status).toBe(200);
    const newSecret = rotated.body.data.webhook_signing_secret as string;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
    expect(Date.parse(rotated.body.data.previous_secret_expires_at as string) - Date.now()).toBeGreaterThan(23 * 3_600_000);

    // In the overlap: transcription events and a test event.
    const during = arrivals.length;
    await sendWebhooks(account, configuration.id, 4);
    const ping = await request(stack.app)
      .post(`/admin/accounts/${account.id}/configurations/${configuration.id}/test-webhook`)
      .set('authorization', `Bearer ${adminToken}`);
    await eventually(
      async () => (await h.db.webhookDelivery.findUniqueOrThrow({ where: { id: ping.body.data.delivery_ids[0] } })).status === 'delivered',
      20_000,
    );
    const inOverlap = arrivals.slice(during);
    expect(inOverlap).toHaveLength(5);
    for (const arrival of inOverlap) {
      expect(arrival.headers['webhook-signature']?.split(' ')).toHaveLength(2);
      expect(verifies(oldSecret, arrival), 'old-secret receiver').toBe(true);
      expect(verifies(newSecret, arrival), 'new-secret receiver').toBe(true);
    }

    // The window ends: the old secret no longer signs.
    await h.db.account.update({ where: { id: account.id }, data: { previousWebhookSecretExpiresAt: new Date(Date.now() - 1_000) } });
    const after = arrivals.length;
    await sendWebhooks(account, configuration.id, 2);
    const afterExpiry = arrivals.slice(after);
    expect(afterExpiry).toHaveLength(2);
    for (const arrival of afterExpiry) {
      expect(arrival.headers['webhook-signature']?.split(' ')).toHaveLength(1);
      expect(verifies(oldSecret, arrival)).toBe(false);
      expect(verifies(newSecret, arrival)).toBe(true);
    }
  });

  it("the hub's own receiver keeps accepting through a rotation of the hub's account, its expiry and a rotation without overlap", async () => {
    const configuration = await seedConfiguration(h.db, stack.account.id, {
      tag: 'hub-rotation',
      webhookSuccessUrl: `${stack.baseUrl}/webhooks/transcriptions/success`,
      webhookErrorUrl: `${stack.baseUrl}/webhooks/transcriptions/error`,
    });
    const accepted = (rows: { status: string; lastStatusCode: number | null }[]) => rows.map((r) => [r.status, r.lastStatusCode]);
    // The receiver resolves (and keeps) the secret of before the rotation.
    expect(accepted(await sendWebhooks(stack.account, configuration.id, 1))).toEqual([['delivered', 202]]);
    expect((await rotate(stack.account.id, '1h')).status).toBe(200);
    expect(accepted(await sendWebhooks(stack.account, configuration.id, 2))).toEqual([
      ['delivered', 202],
      ['delivered', 202],
    ]);
    await h.db.account.update({ where: { id: stack.account.id }, data: { previousWebhookSecretExpiresAt: new Date(Date.now() - 1_000) } });
    expect(accepted(await sendWebhooks(stack.account, configuration.id, 2))).toEqual([
      ['delivered', 202],
      ['delivered', 202],
    ]);
    expect((await rotate(stack.account.id, '0s')).body.data.previous_secret_expires_at).toBeNull();
    expect(accepted(await sendWebhooks(stack.account, configuration.id, 1))).toEqual([['delivered', 202]]);
  });

  it('refuses an overlap it cannot read or longer than 30 days', async () => {
    const res = await rotate(account.id, '31d');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Invalid overlap: between 0 and 30 days');
    const unreadable = await rotate(account.id, 'a day');
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.error.message).toMatch(/30m, 24h or 7d/);
  });
});
