/**
 * Every operation of /api and every admin route, called for real (the app on an ephemeral port,
 * as `npm start` serves it), once with success and at least once with an error; each answer's
 * status must be documented and its body must match the document's schema.
 */
import { randomUUID } from 'node:crypto';
import { UnrecoverableError, Worker } from 'bullmq';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeMirror } from '../../src/hub/mirror/mirror-transcription.js';
import { encodeKeysetCursor } from '../../src/lib/paging/keyset-cursor.js';
import { createRedis } from '../../src/redis.js';
import { createHarness, testRedisUrl, type Harness } from '../support/harness.js';
import { adminToken, startHubStack, type HubStack } from '../support/hub-stack.js';
import { OpenApiValidator } from '../support/openapi-validator.js';
import { seedMirroredCall } from '../support/mirrored-calls.js';
import { seedEvaluatedTranscription } from '../support/seed.js';
import { closeInOrder } from '../support/close-in-order.js';

let h: Harness;
let stack: HubStack;
let api: OpenApiValidator;
let admin: OpenApiValidator;
const missing = randomUUID();

beforeAll(async () => {
  h = createHarness();
  stack = await startHubStack(h);
  const apiDocument = await request(stack.app).get('/api/openapi.json');
  const adminDocument = await request(stack.app).get('/admin/openapi.json');
  expect([apiDocument.status, adminDocument.status]).toEqual([200, 200]);
  api = new OpenApiValidator(apiDocument.body as Record<string, unknown>);
  admin = new OpenApiValidator(adminDocument.body as Record<string, unknown>);
});
afterAll(() => closeInOrder(stack, h));

/** Calls an operation of /api with the stack account's key (or none) and checks the answer. */
async function callApi(operation: string, body: unknown, options: { expect?: number; key?: string | null } = {}) {
  let test = request(stack.app).post(`/api/${operation}`);
  const key = options.key === undefined ? stack.account.key : options.key;
  if (key !== null) test = test.set('x-api-key', key);
  const res = await test.send(body as object);
  expect(api.problems('POST', `/${operation}`, res)).toEqual([]);
  if (options.expect !== undefined) expect(res.status, `${operation} ${JSON.stringify(res.body)}`).toBe(options.expect);
  return res.body as { data: Record<string, never> };
}

/** Calls an admin route: `path` is the document's template, `values` fills its parameters. */
async function callAdmin(
  method: 'get' | 'post' | 'put' | 'delete',
  template: string,
  options: { values?: Record<string, string>; query?: string; body?: object; expect?: number; token?: string | null } = {},
) {
  const path = template.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(options.values?.[name] ?? ''));
  let test = request(stack.app)[method](`${path}${options.query ?? ''}`);
  const token = options.token === undefined ? adminToken : options.token;
  if (token !== null) test = test.set('authorization', `Bearer ${token}`);
  const res = options.body === undefined ? await test : await test.send(options.body);
  expect(admin.problems(method.toUpperCase(), template, res)).toEqual([]);
  if (options.expect !== undefined) expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(options.expect);
  return res.body as { data: Record<string, never> };
}

/** `METHOD path` pairs with a checked 2xx answer and a checked error answer. */
function coverage(validator: OpenApiValidator) {
  const statuses = new Map<string, string[]>();
  for (const entry of validator.checked) {
    const [method, path, status] = entry.split(' ') as [string, string, string];
    statuses.set(`${method} ${path}`, [...(statuses.get(`${method} ${path}`) ?? []), status]);
  }
  return validator.operations().filter((operation) => {
    const seen = statuses.get(operation) ?? [];
    return !(seen.some((s) => s.startsWith('2')) && seen.some((s) => !s.startsWith('2')));
  });
}

describe('the built-in API answers as its OpenAPI document says', () => {
  it('every operation, success and error', async () => {
    const configuration = (
      await callApi(
        'create-configuration',
        { tag: 'Support', summary: true, extraction_fields: [{ name: 'order_id', type: 'string' }] },
        { expect: 201 },
      )
    ).data.configuration as { configuration_id: string };
    await callApi('create-configuration', { summary: true }, { expect: 400 });
    await callApi('get-configuration', { configuration_id: configuration.configuration_id }, { expect: 200 });
    await callApi('get-configuration', { configuration_id: missing }, { expect: 404 });
    await callApi('list-configurations', {}, { expect: 200 });
    await callApi('list-configurations', {}, { expect: 403, key: null });
    await callApi('update-configuration', { configuration_id: configuration.configuration_id, vocabulary: ['refund'] }, { expect: 200 });
    await callApi('update-configuration', { configuration_id: missing, tag: 'x' }, { expect: 404 });

    const evaluator = (
      await callApi(
        'create-evaluator',
        {
          tag: 'QA',
          criteria: [
            { name: 'Greets', type: 'boolean', weight: 1 },
            { name: 'Polite', type: 'scale', weight: 2 },
            { name: 'No promises', type: 'strict', weight: 0 },
          ],
        },
        { expect: 201 },
      )
    ).data.evaluator as { evaluator_id: string };
    await callApi('create-evaluator', { tag: 'QA', criteria: [{ name: 'x', type: 'maybe', weight: 1 }] }, { expect: 400 });
    await callApi('get-evaluator', { evaluator_id: evaluator.evaluator_id }, { expect: 200 });
    await callApi('get-evaluator', { evaluator_id: 'not-a-uuid' }, { expect: 400 });
    await callApi('list-evaluators', {}, { expect: 200 });
    await callApi('list-evaluators', { page: 2 }, { expect: 400 });
    await callApi('update-evaluator', { evaluator_id: evaluator.evaluator_id, description: 'Support calls' }, { expect: 200 });
    await callApi('update-evaluator', { evaluator_id: missing }, { expect: 404 });

    const participant = (await callApi('create-participant', { tag: 'Ana', metadata: { team: 'north' } }, { expect: 201 })).data
      .participant as { participant_id: string };
    await callApi('create-participant', { tag: 'x', metdata: {} }, { expect: 400 });
    await callApi('get-participant', { participant_id: participant.participant_id }, { expect: 200 });
    await callApi('get-participant', { participant_id: missing }, { expect: 404 });
    await callApi('list-participants', {}, { expect: 200 });
    await callApi('list-participants', {}, { expect: 403, key: 'cq_wrong' });
    await callApi('update-participant', { participant_id: participant.participant_id, metadata: {} }, { expect: 200 });
    await callApi('update-participant', { participant_id: missing }, { expect: 404 });

    const refs = {
      configuration_id: configuration.configuration_id,
      participant_id: participant.participant_id,
      evaluator_id: evaluator.evaluator_id,
    };
    await callApi('submit', { ...refs, url: 'http://127.0.0.1:9/call.wav', period_date: '2026-02-03' }, { expect: 201 });
    await callApi('submit', { ...refs, configuration_id: missing, url: 'http://127.0.0.1:9/call.wav' }, { expect: 404 });
    await callApi('request-upload-url', { ...refs, filename: 'call.wav' }, { expect: 201 });
    await callApi('request-upload-url', { ...refs, filename: 'notes.txt' }, { expect: 400 });

    const seeded = await seedEvaluatedTranscription(h.db, stack.account.id);
    await callApi('list-transcriptions', {}, { expect: 200 });
    await callApi('list-transcriptions', { status: 'FAILED' }, { expect: 400 });
    await callApi('get-transcription', { transcription_id: seeded.id }, { expect: 200 });
    await callApi('get-transcription', { transcription_id: missing }, { expect: 404 });
    await callApi('update-transcription-group', { transcription_id: seeded.id, group: 'UNDER_REVIEW' }, { expect: 200 });
    await callApi('update-transcription-group', { transcription_id: seeded.id, group: 'LATER' }, { expect: 400 });

    await callApi('analytics', { start_date: '2026-01-01', end_date: '2026-03-31' }, { expect: 200 });
    await callApi('analytics', { start_date: '2026-02-30' }, { expect: 400 });
    await callApi('analytics-evaluator', { evaluator_id: seeded.evaluatorId }, { expect: 200 });
    await callApi('analytics-evaluator', { evaluator_id: missing }, { expect: 404 });
    await callApi('analytics-participant', { participant_id: seeded.participantId }, { expect: 200 });
    await callApi('analytics-participant', { participant_id: missing }, { expect: 404 });

    await callApi('delete-transcription', { transcription_id: seeded.id }, { expect: 200 });
    await callApi('delete-transcription', { transcription_id: seeded.id }, { expect: 404 });
    await callApi('delete-configuration', { configuration_id: configuration.configuration_id }, { expect: 200 });
    await callApi('delete-configuration', { configuration_id: configuration.configuration_id }, { expect: 404 });
    await callApi('delete-evaluator', { evaluator_id: evaluator.evaluator_id }, { expect: 200 });
    await callApi('delete-evaluator', { evaluator_id: evaluator.evaluator_id }, { expect: 404 });
    await callApi('delete-participant', { participant_id: participant.participant_id }, { expect: 200 });
    await callApi('delete-participant', { participant_id: participant.participant_id }, { expect: 404 });

    expect(coverage(api)).toEqual([]);
  });
});

describe('the admin API answers as its OpenAPI document says', () => {
  it('every route, success and error', async () => {
    await callAdmin('get', '/admin/health', { token: null, expect: 200 });
    await callAdmin('get', '/admin/ready', { token: null, expect: 200 });

    const seeded = await seedEvaluatedTranscription(h.db, stack.account.id);
    const evaluatorId = String(seeded.evaluatorId);
    await writeMirror(stack.hub, await stack.client.getTranscription({ transcription_id: seeded.id }));
    const id = { id: seeded.id };
    await callAdmin('get', '/admin/transcriptions', { expect: 200 });
    await callAdmin('get', '/admin/transcriptions', { query: '?cursor=nonsense', expect: 400 });
    await callAdmin('get', '/admin/transcriptions/{id}', { values: id, expect: 200 });
    await callAdmin('get', '/admin/transcriptions/{id}', { values: { id: missing }, expect: 404 });
    await callAdmin('post', '/admin/transcriptions/{id}/group', { values: id, body: { group: 'ARCHIVED' }, expect: 200 });
    await callAdmin('post', '/admin/transcriptions/{id}/group', { values: { id: missing }, body: { group: 'ARCHIVED' }, expect: 404 });

    await callAdmin('get', '/admin/sync', { expect: 200 });
    await callAdmin('get', '/admin/sync', { token: 'wrong', expect: 401 });
    await callAdmin('get', '/admin/sync/quarantine', { expect: 200 });
    await callAdmin('get', '/admin/sync/quarantine', { query: '?include_resolved=true', expect: 200 });
    await callAdmin('get', '/admin/sync/quarantine', { query: '?include_resolved=maybe', expect: 400 });
    await callAdmin('post', '/admin/sync/reconcile', { expect: 202 });
    await callAdmin('post', '/admin/sync/reconcile', { token: null, expect: 401 });

    await callAdmin('get', '/admin/quotas', { expect: 200 });
    await callAdmin('get', '/admin/quotas', { token: null, expect: 401 });
    await callAdmin('post', '/admin/reports/runs', {
      body: { kind: 'evaluator', subject_id: evaluatorId, period: '2026-02', export: false },
      expect: 201,
    });
    await callAdmin('post', '/admin/reports/runs', { body: { kind: 'weekly', period: '2026-02' }, expect: 400 });
    await callAdmin('get', '/admin/reports/runs', { expect: 200 });
    await callAdmin('get', '/admin/reports/runs', { query: '?month=2026-13', expect: 400 });
    // Keyset paging: a page's next_cursor lists the older runs; a cursor that is not one is a 400.
    const runsPage = await callAdmin('get', '/admin/reports/runs', { query: '?limit=1', expect: 200 });
    expect(runsPage.data.next_cursor).toBeNull();
    await callAdmin('get', '/admin/reports/runs', { query: `?cursor=${encodeKeysetCursor({ at: new Date(), id: missing })}`, expect: 200 });
    await callAdmin('get', '/admin/reports/runs', { query: '?cursor=not-a-cursor', expect: 400 });
    await callAdmin('get', '/admin/reports/pull-preview', {
      query: `?kind=evaluator&subject_id=${evaluatorId}&period=2026-02`,
      expect: 200,
    });
    await callAdmin('get', '/admin/reports/pull-preview', { query: '?kind=evaluator&period=2026-02', expect: 400 });
    await callAdmin('get', '/admin/reports/pull-preview', { query: `?kind=evaluator&subject_id=${missing}&period=2026-02`, expect: 404 });

    const alert = await h.db.hubAlert.create({
      data: { transcriptionId: seeded.id, kind: 'critical_fail', status: 'failed', lastError: 'channel_not_found' },
    });
    await callAdmin('get', '/admin/alerts', { expect: 200 });
    await callAdmin('get', '/admin/alerts', { token: null, expect: 401 });
    const alertsPage = await callAdmin('get', '/admin/alerts', { query: '?limit=1', expect: 200 });
    await callAdmin('get', '/admin/alerts', {
      query: `?cursor=${(alertsPage.data.next_cursor as string | null) ?? encodeKeysetCursor({ at: new Date(), id: missing })}`,
      expect: 200,
    });
    await callAdmin('get', '/admin/alerts', { query: '?cursor=not-a-cursor', expect: 400 });
    await callAdmin('post', '/admin/alerts/{id}/retry', { values: { id: alert.id }, expect: 202 });
    await callAdmin('post', '/admin/alerts/{id}/retry', { values: { id: alert.id }, expect: 409 });
    await callAdmin('post', '/admin/alerts/{id}/retry', { values: { id: missing }, expect: 404 });
    await callAdmin('post', '/admin/alerts/test', { body: {}, expect: 200 });
    await callAdmin('post', '/admin/alerts/test', { body: { evaluator_id: 'x' }, expect: 400 });
    await callAdmin('post', '/admin/alerts/digest', { expect: 201 });
    await callAdmin('post', '/admin/alerts/digest', { token: null, expect: 401 });
    await callAdmin('get', '/admin/alerts/digest-runs', { expect: 200 });
    await callAdmin('get', '/admin/alerts/digest-runs', { query: '?limit=0', expect: 400 });
    await callAdmin('get', '/admin/alerts/digest-runs', {
      query: `?limit=1&cursor=${encodeKeysetCursor({ at: new Date(), id: missing })}`,
      expect: 200,
    });
    await callAdmin('get', '/admin/alerts/digest-runs', { query: '?cursor=not-a-cursor', expect: 400 });
    await callAdmin('put', '/admin/alert-routes/{evaluatorId}', { values: { evaluatorId }, body: { channel: '#qa-north' }, expect: 200 });
    await callAdmin('put', '/admin/alert-routes/{evaluatorId}', {
      values: { evaluatorId: missing },
      body: { channel: '#qa-north' },
      expect: 404,
    });
    await callAdmin('get', '/admin/alert-routes', { expect: 200 });
    await callAdmin('get', '/admin/alert-routes', { token: null, expect: 401 });
    await callAdmin('delete', '/admin/alert-routes/{evaluatorId}', { values: { evaluatorId }, expect: 200 });
    await callAdmin('delete', '/admin/alert-routes/{evaluatorId}', { values: { evaluatorId }, expect: 404 });

    // A job that fails for good, on the reconcile queue of this test's prefix.
    await h.jobs.enqueue('hub.reconcile', { tick: 'openapi' }, { jobId: 'openapi-failing' });
    const connection = createRedis(testRedisUrl, { forWorker: true });
    const worker = new Worker('hub.reconcile', () => Promise.reject(new UnrecoverableError('boom')), { connection, prefix: h.queuePrefix });
    for (;;) {
      const found = await h.jobs.queue('hub.reconcile').getJob('openapi-failing');
      if (found && (await found.isFailed())) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await worker.close();
    await connection.quit();
    const job = { name: 'hub.reconcile', jobId: 'openapi-failing' };
    await callAdmin('get', '/admin/queues', { expect: 200 });
    await callAdmin('get', '/admin/queues', { token: null, expect: 401 });
    await callAdmin('get', '/admin/queues/{name}/failed', { values: { name: 'hub.reconcile' }, expect: 200 });
    await callAdmin('get', '/admin/queues/{name}/failed', { values: { name: 'nope' }, expect: 400 });
    await callAdmin('post', '/admin/queues/{name}/jobs/{jobId}/retry', { values: job, expect: 200 });
    await callAdmin('post', '/admin/queues/{name}/jobs/{jobId}/retry', { values: { ...job, jobId: 'nothing-here' }, expect: 404 });
    await callAdmin('post', '/admin/queues/{name}/failed/retry', { values: { name: 'hub.reconcile' }, expect: 200 });
    await callAdmin('post', '/admin/queues/{name}/failed/retry', { values: { name: 'nope' }, expect: 400 });
    await callAdmin('delete', '/admin/queues/{name}/jobs/{jobId}', { values: job, expect: 200 });
    await callAdmin('delete', '/admin/queues/{name}/jobs/{jobId}', { values: job, expect: 404 });

    await callAdmin('post', '/admin/api/{operation}', { values: { operation: 'list-participants' }, body: {}, expect: 200 });
    await callAdmin('post', '/admin/api/{operation}', {
      values: { operation: 'get-participant' },
      body: { participant_id: missing },
      expect: 404,
    });

    const name = `openapi-${randomUUID().slice(0, 8)}`;
    await callAdmin('post', '/admin/accounts', { body: { name }, expect: 201 });
    await callAdmin('post', '/admin/accounts', { body: { name }, expect: 400 });
    await callAdmin('get', '/admin/accounts', { expect: 200 });
    await callAdmin('get', '/admin/accounts', { token: null, expect: 401 });
    await callAdmin('get', '/admin/accounts/{account}', { values: { account: name }, expect: 200 });
    await callAdmin('get', '/admin/accounts/{account}', { values: { account: 'no-such-account' }, expect: 404 });
    const key = (
      await callAdmin('post', '/admin/accounts/{account}/keys', { values: { account: name }, body: { name: 'ci' }, expect: 201 })
    ).data as { key_id?: string; id?: string };
    await callAdmin('post', '/admin/accounts/{account}/keys', {
      values: { account: 'no-such-account' },
      body: { name: 'ci' },
      expect: 404,
    });
    await callAdmin('get', '/admin/accounts/{account}/keys', { values: { account: name }, expect: 200 });
    await callAdmin('get', '/admin/accounts/{account}/keys', { values: { account: 'no-such-account' }, expect: 404 });
    const keyId = String(key.key_id ?? key.id);
    await callAdmin('post', '/admin/keys/{keyId}/deactivate', { values: { keyId }, expect: 200 });
    await callAdmin('post', '/admin/keys/{keyId}/deactivate', { values: { keyId: missing }, expect: 404 });
    await callAdmin('delete', '/admin/keys/{keyId}', { values: { keyId }, expect: 200 });
    await callAdmin('delete', '/admin/keys/{keyId}', { values: { keyId }, expect: 404 });

    // Incoming webhooks at the hub.
    await callAdmin('get', '/admin/webhooks/receipts', { expect: 200 });
    await callAdmin('get', '/admin/webhooks/receipts', { query: '?cursor=nonsense', expect: 400 });
    await callAdmin('get', '/admin/webhooks/rejections', { expect: 200 });
    await callAdmin('get', '/admin/webhooks/rejections', { query: '?outcome=nonsense', expect: 400 });
    await callAdmin('post', '/admin/transcriptions/{id}/mirror', { values: id, expect: 202 });
    await callAdmin('post', '/admin/transcriptions/{id}/mirror', { values: { id: 'not-a-uuid' }, expect: 400 });
    await callAdmin('get', '/admin/sync/runs', { expect: 200 });
    await callAdmin('get', '/admin/sync/runs', { token: null, expect: 401 });

    // Outgoing webhooks of the built-in service, on the account made above.
    const owner = await h.db.account.findFirstOrThrow({ where: { name } });
    const delivery = await h.db.webhookDelivery.create({
      data: {
        accountId: owner.id,
        transcriptionId: randomUUID(),
        eventType: 'transcription.completed',
        url: 'http://127.0.0.1:9/hook',
        payload: '{}',
        status: 'failed',
        attemptCount: 1,
        lastError: 'connection refused',
      },
    });
    const deliveryValues = { account: name, deliveryId: delivery.id };
    await callAdmin('get', '/admin/accounts/{account}/deliveries', { values: { account: name }, expect: 200 });
    await callAdmin('get', '/admin/accounts/{account}/deliveries', { values: { account: name }, query: '?status=nonsense', expect: 400 });
    await callAdmin('get', '/admin/accounts/{account}/deliveries/{deliveryId}', { values: deliveryValues, expect: 200 });
    await callAdmin('get', '/admin/accounts/{account}/deliveries/{deliveryId}', {
      values: { ...deliveryValues, deliveryId: missing },
      expect: 404,
    });
    await callAdmin('post', '/admin/accounts/{account}/deliveries/recover', {
      values: { account: name },
      body: { since: '2026-01-01T00:00:00Z' },
      expect: 202,
    });
    await callAdmin('post', '/admin/accounts/{account}/deliveries/recover', {
      values: { account: name },
      body: { since: 'yesterday' },
      expect: 400,
    });
    await callAdmin('post', '/admin/accounts/{account}/deliveries/{deliveryId}/replay', {
      values: { ...deliveryValues, deliveryId: missing },
      expect: 404,
    });
    await h.db.webhookDelivery.update({ where: { id: delivery.id }, data: { status: 'failed' } });
    await callAdmin('post', '/admin/accounts/{account}/deliveries/{deliveryId}/replay', { values: deliveryValues, expect: 202 });
    const hooked = await h.db.configuration.create({
      data: { accountId: owner.id, tag: 'openapi', vocabulary: [], extractionFields: [], webhookSuccessUrl: 'http://127.0.0.1:9/hook' },
    });
    await callAdmin('post', '/admin/accounts/{account}/configurations/{configurationId}/test-webhook', {
      values: { account: name, configurationId: hooked.id },
      expect: 202,
    });
    await callAdmin('post', '/admin/accounts/{account}/configurations/{configurationId}/test-webhook', {
      values: { account: name, configurationId: missing },
      expect: 404,
    });
    await callAdmin('post', '/admin/accounts/{account}/rotate-secret', { values: { account: name }, body: { overlap: '1h' }, expect: 200 });
    await callAdmin('post', '/admin/accounts/{account}/rotate-secret', {
      values: { account: name },
      body: { overlap: 'forever' },
      expect: 400,
    });

    // The console's users.
    const email = `openapi-${randomUUID().slice(0, 8)}@example.com`;
    const user = (
      await callAdmin('post', '/admin/console/users', {
        body: { email, name: 'Open API', role: 'viewer', password: 'a-long-enough-password' },
        expect: 201,
      })
    ).data as unknown as { id: string };
    await callAdmin('post', '/admin/console/users', {
      body: { email, name: 'Open API', role: 'viewer', password: 'a-long-enough-password' },
      expect: 409,
    });
    await callAdmin('get', '/admin/console/users', { expect: 200 });
    await callAdmin('get', '/admin/console/users', { token: null, expect: 401 });
    await callAdmin('post', '/admin/console/users/{id}/deactivate', { values: { id: user.id }, expect: 200 });
    await callAdmin('post', '/admin/console/users/{id}/deactivate', { values: { id: missing }, expect: 404 });

    // Disputes, coaching, calibration and agreement.
    const reviewed = await seedMirroredCall(h.db, {
      evaluatorId: randomUUID(),
      participantId: randomUUID(),
      criteria: [{ name: 'Greeting', status: 'FAIL' }],
    });
    const criterion = { transcription_id: reviewed.id, criterion_id: reviewed.criteria[0].criterionId };
    const dispute = (
      await callAdmin('post', '/admin/disputes', { body: { ...criterion, reason: 'I greeted', proposed_verdict: 'PASS' }, expect: 201 })
    ).data as unknown as { id: string };
    await callAdmin('post', '/admin/disputes', { body: { ...criterion, reason: 'again', proposed_verdict: 'PASS' }, expect: 409 });
    await callAdmin('get', '/admin/disputes', { expect: 200 });
    await callAdmin('get', '/admin/disputes', { query: '?status=nonsense', expect: 400 });
    await callAdmin('post', '/admin/disputes/{id}/resolve', {
      values: { id: dispute.id },
      body: { outcome: 'rejected', note: 'no' },
      expect: 200,
    });
    await callAdmin('post', '/admin/disputes/{id}/resolve', {
      values: { id: dispute.id },
      body: { outcome: 'rejected', note: 'no' },
      expect: 409,
    });
    await callAdmin('get', '/admin/disputes/settings', { expect: 200 });
    await callAdmin('get', '/admin/disputes/settings', { token: null, expect: 401 });
    await callAdmin('put', '/admin/disputes/settings', { body: { dispute_window_days: 7 }, expect: 200 });
    await callAdmin('put', '/admin/disputes/settings', { body: { dispute_window_days: 0 }, expect: 400 });
    const note = (await callAdmin('post', '/admin/coaching-notes', { body: { ...criterion, body: 'Greet first' }, expect: 201 }))
      .data as unknown as { id: string };
    await callAdmin('post', '/admin/coaching-notes', { body: { ...criterion, criterion_id: missing, body: 'x' }, expect: 404 });
    await callAdmin('get', '/admin/coaching-notes', { expect: 200 });
    await callAdmin('get', '/admin/coaching-notes', { query: '?unacknowledged=maybe', expect: 400 });
    await callAdmin('post', '/admin/coaching-notes/{id}/acknowledge', { values: { id: note.id }, expect: 200 });
    await callAdmin('post', '/admin/coaching-notes/{id}/acknowledge', { values: { id: missing }, expect: 404 });
    const reviewers = await Promise.all(
      ['a', 'b'].map(async (who) => {
        const body = {
          email: `calibrator-${who}-${randomUUID().slice(0, 8)}@example.com`,
          name: who,
          role: 'lead',
          password: 'a-long-enough-password',
        };
        return (await callAdmin('post', '/admin/console/users', { body, expect: 201 })).data as unknown as { id: string };
      }),
    );
    const sessionBody = { title: 'OpenAPI', transcription_ids: [reviewed.id], reviewer_ids: reviewers.map((r) => r.id) };
    const session = (await callAdmin('post', '/admin/calibration/sessions', { body: sessionBody, expect: 201 })).data as unknown as {
      id: string;
    };
    await callAdmin('post', '/admin/calibration/sessions', { body: { ...sessionBody, reviewer_ids: [reviewers[0].id] }, expect: 400 });
    await callAdmin('get', '/admin/calibration/sessions', { expect: 200 });
    await callAdmin('get', '/admin/calibration/sessions', { token: null, expect: 401 });
    await callAdmin('get', '/admin/calibration/sessions/{id}', { values: { id: session.id }, expect: 200 });
    await callAdmin('get', '/admin/calibration/sessions/{id}', { values: { id: missing }, expect: 404 });
    const verdicts = { user_id: reviewers[0].id, transcription_id: reviewed.id, verdicts: { [criterion.criterion_id]: 'PASS' } };
    await callAdmin('put', '/admin/calibration/sessions/{id}/verdicts', { values: { id: session.id }, body: verdicts, expect: 200 });
    await callAdmin('put', '/admin/calibration/sessions/{id}/verdicts', { values: { id: missing }, body: verdicts, expect: 404 });
    await callAdmin('post', '/admin/calibration/sessions/{id}/submit', {
      values: { id: session.id },
      body: { user_id: reviewers[0].id },
      expect: 200,
    });
    await callAdmin('post', '/admin/calibration/sessions/{id}/submit', {
      values: { id: session.id },
      body: { user_id: reviewers[0].id },
      expect: 409,
    });
    await callAdmin('put', '/admin/calibration/sessions/{id}/benchmark', {
      values: { id: session.id },
      body: { majority: true },
      expect: 409,
    });
    await callAdmin('post', '/admin/calibration/sessions/{id}/close', { values: { id: session.id }, expect: 200 });
    await callAdmin('post', '/admin/calibration/sessions/{id}/close', { values: { id: missing }, expect: 404 });
    await callAdmin('put', '/admin/calibration/sessions/{id}/benchmark', {
      values: { id: session.id },
      body: { majority: true },
      expect: 200,
    });
    await callAdmin('get', '/admin/agreement', { expect: 200 });
    await callAdmin('get', '/admin/agreement', { query: '?from=2026-02-30', expect: 400 });

    // The review sampling rule: share 0 (off), so files running beside this one keep their queues.
    await callAdmin('get', '/admin/review/sampling', { expect: 200 });
    await callAdmin('get', '/admin/review/sampling', { token: null, expect: 401 });
    await callAdmin('put', '/admin/review/sampling', { body: { share: 0, seed: 'openapi' }, expect: 200 });
    await callAdmin('put', '/admin/review/sampling', { body: { share: 101, seed: 'openapi' }, expect: 400 });
    // The assignment rule: left off (no reviewer), so calls mirrored by files running beside this one stay unassigned.
    await callAdmin('get', '/admin/review/assignment', { expect: 200 });
    await callAdmin('get', '/admin/review/assignment', { token: null, expect: 401 });
    await callAdmin('put', '/admin/review/assignment', { body: { reviewer_ids: [] }, expect: 200 });
    await callAdmin('put', '/admin/review/assignment', { body: { reviewer_ids: [randomUUID()] }, expect: 400 });
    await callAdmin('put', '/admin/review/assignment', { body: { reviewer_ids: 'everyone' }, expect: 400 });

    // The probes take no input and answer no client error; readiness's 503 is shown in admin-api.test.ts.
    expect(coverage(admin)).toEqual(['GET /admin/health', 'GET /admin/ready']);
  });
});

describe('the validator', () => {
  it('refuses an undocumented status and a body that does not match', () => {
    expect(api.problems('POST', '/list-participants', { status: 409, body: {} })).toEqual([
      'POST /list-participants does not document status 409 (body {})',
    ]);
    expect(api.problems('POST', '/get-participant', { status: 200, body: { data: { participant: { tag: 1 } } } }).length).toBeGreaterThan(
      0,
    );
    expect(
      api.problems('POST', '/get-participant', { status: 404, body: { error: { code: 'gone', message: 'x' } } }).length,
    ).toBeGreaterThan(0);
    expect(admin.problems('GET', '/admin/sync', { status: 401, body: { error: { code: 'unauthorized' } } }).length).toBeGreaterThan(0);
  });
});
