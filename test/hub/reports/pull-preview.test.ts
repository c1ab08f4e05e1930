/**
 * The cost of a pull now, previewed without spending (GET /admin/reports/pull-preview, the
 * console's "pull now" first step): the room before and after, a planned scheduled run it would
 * displace, the ledger's refusal when the month is spent or reported exhausted; nothing reserved.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLedgerRow } from '../../../src/hub/reports/quota/quota-ledger.js';
import { seedEvaluator } from '../../support/analytics-seed.js';
import { createHarness, errorBody, type Harness } from '../../support/harness.js';
import { adminToken, startHubStack, type HubStack } from '../../support/hub-stack.js';
import { closeInOrder } from '../../support/close-in-order.js';

const now = new Date('2026-11-03T09:00:00Z');
const month = new Date('2026-11-01T00:00:00Z');
let h: Harness;
let stack: HubStack;
let scope: string;
let evaluatorId: string;

beforeAll(async () => {
  h = createHarness({ now: () => now });
  stack = await startHubStack(h);
  scope = (await stack.hub.upstream()).accountRef;
  evaluatorId = (await seedEvaluator(h.db, stack.account.id, 'Support QA', [{ name: 'Greeting', type: 'boolean' }])).id;
});
afterAll(() => closeInOrder(stack, h));

const preview = (query: string) =>
  request(stack.app).get(`/admin/reports/pull-preview?${query}`).set('authorization', `Bearer ${adminToken}`);

/** Planned scheduled runs of this month on analytics-evaluator (weekly periods of made-up subjects). */
async function planRuns(count: number) {
  await h.db.hubReportRun.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      scope,
      kind: 'evaluator',
      subjectId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      period: '2026-W45',
      periodStart: new Date('2026-11-02T00:00:00Z'),
      periodEnd: new Date('2026-11-08T00:00:00Z'),
      quotaMonth: month,
      dueAt: new Date('2026-11-09T00:00:00Z'),
      priority: i,
      status: 'planned',
    })),
  });
}

describe('GET /admin/reports/pull-preview', () => {
  it('answers the cost and the room before and after, and spends nothing', async () => {
    const res = await preview(`kind=evaluator&subject_id=${evaluatorId.toUpperCase()}&period=2026-10`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      kind: 'evaluator',
      subject_id: evaluatorId,
      subject_tag: 'Support QA',
      period: '2026-10',
      period_start: '2026-10-01',
      period_end: '2026-10-31',
      complete: true,
      endpoint: 'analytics-evaluator',
      cost: 1,
      month: '2026-11',
      limit: 500,
      spent: 0,
      on_demand_reserve: 50,
      planned: 0,
      room_now: 500,
      room_after: 499,
      displaces_planned: 0,
      refusal: null,
      existing_status: null,
    });
    expect(await readLedgerRow(h.db, scope, 'analytics-evaluator', now)).toMatchObject({ used: 0, reserved: 0 });
    expect(await h.db.hubReportRun.count({ where: { scope, period: '2026-10' } })).toBe(0);
  });

  it('says when the pull takes the room of a planned scheduled run, and when the ledger would refuse it', async () => {
    // 450 planned runs fill the quota less the reserve: one more call leaves one of them out.
    await planRuns(450);
    const full = (await preview(`kind=evaluator&subject_id=${evaluatorId}&period=2026-W44`)).body.data;
    expect(full).toMatchObject({
      planned: 450,
      spent: 0,
      room_now: 500,
      room_after: 499,
      displaces_planned: 1,
      refusal: null,
      complete: true,
    });

    // The month spent: refused, nothing displaced.
    await h.db.hubQuotaLedger.create({ data: { scope, endpoint: 'analytics-evaluator', month, limit: 500, used: 500, reserved: 0 } });
    const spent = (await preview(`kind=evaluator&subject_id=${evaluatorId}&period=2026-W44`)).body.data;
    expect(spent).toMatchObject({ spent: 500, room_now: 0, room_after: 0, displaces_planned: 0 });
    expect(spent.refusal).toBe(
      'the analytics-evaluator quota (500) is spent this month: 500 used, 0 in flight; it resets 2026-12-01T00:00:00.000Z',
    );
  });

  it('refuses what the pull would refuse, before spending: no subject, an unknown one, a period not started', async () => {
    expect((await preview('kind=evaluator&period=2026-10')).body).toEqual(
      errorBody('missing_field', "Missing required field: subject_id (the evaluator's id)"),
    );
    const unknown = await preview('kind=evaluator&subject_id=00000000-0000-4000-8000-000000000000&period=2026-10');
    expect(unknown.status).toBe(404);
    const future = await preview('kind=account&period=2026-12');
    expect(future.status).toBe(400);
    expect(future.body).toEqual(errorBody('invalid_value', 'Invalid period: 2026-12 has not started yet'));
    expect((await preview('kind=weekly&period=2026-10')).status).toBe(400);
  });
});
