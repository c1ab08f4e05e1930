/**
 * Every analytics call the admin API makes goes through the quota ledger: the proxy
 * (`POST /admin/api/:operation`) as a manual call, kept out of the on-demand reserve, refused with
 * 429 and nothing sent once the ledger has no room; and an on-demand pull of the account-wide
 * report answers 201 with an answer of a shape of its own. The upstream is the independent fake.
 */
import { unpacedTestClient } from '../client/support.js';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLedgerRow } from '../../../src/hub/reports/quota/quota-ledger.js';
import { defaultReportsSettings } from '../../../src/hub/reports/reports-settings.js';
import { dashboardAnswer } from '../../fakes/analytics-answers.js';
import { startFakeUpstream, type FakeUpstream } from '../../fakes/fake-upstream.js';
import { createHarness, errorBody, type Harness } from '../../support/harness.js';
import { adminToken, startHubStack, type HubStack } from '../../support/hub-stack.js';
import { closeInOrder } from '../../support/close-in-order.js';

const now = new Date('2026-11-03T09:00:00Z');
let h: Harness;
let fake: FakeUpstream;
let stack: HubStack;
let accountRef: string;

beforeAll(async () => {
  h = createHarness({ now: () => now });
  fake = await startFakeUpstream();
  const client = unpacedTestClient(fake.baseUrl, fake.apiKey, { backoffBaseMs: 1 });
  accountRef = client.accountRef;
  stack = await startHubStack(h, {
    hub: (defaults) => ({
      upstream: () => Promise.resolve(client),
      settings: {
        ...defaults.settings,
        reports: { ...defaultReportsSettings, export: { kind: 'csv', dir: path.join(h.dataDir, 'admin-ledger') } },
      },
    }),
  });
});
afterAll(() => closeInOrder(stack, fake, h));

const admin = (p: string, body: object) => request(stack.app).post(`/admin${p}`).set('authorization', `Bearer ${adminToken}`).send(body);

describe('POST /admin/api/:operation for an analytics operation', () => {
  it('goes through the ledger: one call reserved and settled as used', async () => {
    const evaluatorId = randomUUID();
    fake.script('analytics-evaluator', { json: { data: dashboardAnswer('evaluator', 2) } });
    const res = await admin('/api/analytics-evaluator', { evaluator_id: evaluatorId, start_date: '2026-10-01', end_date: '2026-10-31' });
    expect(res.status).toBe(200);
    expect(res.body.data.raw_data).toHaveLength(2);
    expect(fake.requestsFor('analytics-evaluator').map((r) => r.body)).toEqual([
      { evaluator_id: evaluatorId, start_date: '2026-10-01', end_date: '2026-10-31' },
    ]);
    expect(await readLedgerRow(h.db, accountRef, 'analytics-evaluator', now)).toMatchObject({ used: 1, reserved: 0 });
  });

  it('refuses with 429 quota_exceeded and Retry-After, nothing sent, once the quota less the on-demand reserve is spent', async () => {
    // 449 + the call above: the manual calls' share (500 less the reserve of 50) is spent.
    await h.db.hubQuotaLedger.update({
      where: { scope_endpoint_month: { scope: accountRef, endpoint: 'analytics-evaluator', month: new Date('2026-11-01Z') } },
      data: { used: 450 },
    });
    const sent = fake.requests.length;
    const res = await admin('/api/analytics-evaluator', { evaluator_id: randomUUID() });
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe(String((Date.parse('2026-12-01T00:00:00Z') - now.getTime()) / 1000));
    expect(res.body).toEqual(
      errorBody(
        'quota_exceeded',
        'monthly quota of analytics-evaluator (500) minus the on-demand reserve (50) leaves no room: 450 used, 0 in flight; resets 2026-12-01T00:00:00Z',
      ),
    );
    expect(fake.requests.length).toBe(sent);
    expect(await readLedgerRow(h.db, accountRef, 'analytics-evaluator', now)).toMatchObject({ used: 450, reserved: 0 });
  });

  it('leaves the reserve to reports pulled on demand, and refuses those too once the whole quota is spent', async () => {
    await h.db.hubQuotaLedger.create({
      data: { scope: accountRef, endpoint: 'analytics', month: new Date('2026-11-01Z'), limit: 30, used: 25 },
    });
    const sent = fake.requests.length;
    expect((await admin('/api/analytics', {})).status).toBe(429);
    expect(fake.requests.length).toBe(sent);

    // An on-demand pull of the account-wide report may take the reserve: 201 with an answer of its own shape.
    const answer = { summary: { calls: 3 }, by_evaluator: [{ evaluator: 'Support QA', calls: 3 }] };
    fake.script('analytics', { json: { data: answer } });
    const pulled = await admin('/reports/runs', { kind: 'account', period: '2026-10', export: false });
    expect(pulled.status).toBe(201);
    expect(pulled.body.data).toMatchObject({
      status: 'succeeded',
      rows: 1,
      complete: true,
      run: { kind: 'account', period: '2026-10', status: 'succeeded' },
    });
    const snapshot = await h.db.hubReportSnapshot.findFirstOrThrow({ where: { run: { scope: accountRef, kind: 'account' } } });
    expect(snapshot.data).toEqual(answer);
    expect(await readLedgerRow(h.db, accountRef, 'analytics', now)).toMatchObject({ used: 26, reserved: 0 });

    await h.db.hubQuotaLedger.update({
      where: { scope_endpoint_month: { scope: accountRef, endpoint: 'analytics', month: new Date('2026-11-01Z') } },
      data: { used: 30 },
    });
    const refused = await admin('/reports/runs', { kind: 'account', period: '2026-09', export: false });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('quota_exceeded');
    expect(fake.requestsFor('analytics')).toHaveLength(1);
  });
});
