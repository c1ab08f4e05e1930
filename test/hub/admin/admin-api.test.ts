import { randomUUID } from 'node:crypto';
import { recordReconcileRun } from '../../../src/hub/mirror/sync-state.js';
import { UnrecoverableError, Worker } from 'bullmq';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { writeMirror } from '../../../src/hub/mirror/mirror-transcription.js';
import { createRedis } from '../../../src/redis.js';
import { errorBody, testRedisUrl, type Harness } from '../../support/harness.js';
import { adminToken, hubStackForFile, startHubStack, type HubStack } from '../../support/hub-stack.js';
import { seedEvaluatedTranscription } from '../../support/seed.js';
import { seedTranscription } from '../../support/seed.js';

let h: Harness;
let stack: HubStack;
hubStackForFile((harness, started) => {
  h = harness;
  stack = started;
});

const admin = () => ({
  get: (path: string) => request(stack.app).get(`/admin${path}`).set('authorization', `Bearer ${adminToken}`),
  post: (path: string, body: object = {}) =>
    request(stack.app).post(`/admin${path}`).set('authorization', `Bearer ${adminToken}`).send(body),
  delete: (path: string) => request(stack.app).delete(`/admin${path}`).set('authorization', `Bearer ${adminToken}`),
});

/** Mirrors an evaluated transcription seeded upstream; returns its id. */
async function mirrored(overrides: Parameters<typeof seedTranscription>[2] = {}) {
  const seeded = await seedEvaluatedTranscription(h.db, stack.account.id);
  if (Object.keys(overrides).length) await h.db.transcription.update({ where: { id: seeded.id }, data: overrides as never });
  await writeMirror(stack.hub, await stack.client.getTranscription({ transcription_id: seeded.id }));
  return seeded;
}

describe('authentication', () => {
  it('refuses a missing, wrong or non-bearer token with 401', async () => {
    const missing = await request(stack.app).get('/admin/sync');
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="convoqa-admin"');
    expect(missing.body).toEqual(errorBody('unauthorized', 'Missing admin token: send Authorization: Bearer <ADMIN_TOKEN>'));
    const wrong = await request(stack.app).get('/admin/sync').set('authorization', 'Bearer nope');
    expect(wrong.body).toEqual(errorBody('unauthorized', 'Invalid admin token'));
    expect((await request(stack.app).get('/admin/sync').set('authorization', `Basic ${adminToken}`)).status).toBe(401);
    for (const [method, path] of [
      ['get', '/transcriptions'],
      ['post', '/sync/reconcile'],
      ['get', '/queues'],
      ['get', '/accounts'],
      ['post', '/api/list-configurations'],
    ] as const) {
      expect((await request(stack.app)[method](`/admin${path}`).send({})).status, path).toBe(401);
    }
  });

  it('leaves the probes and the OpenAPI document open', async () => {
    expect((await request(stack.app).get('/admin/health')).body).toEqual({ data: { status: 'ok' } });
    const ready = await request(stack.app).get('/admin/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data.status).toBe('ready');
    expect(Object.values(ready.body.data.checks).map((c) => (c as { ok: boolean }).ok)).toEqual([true, true, true]);
  });

  it('answers 404 for an unknown admin endpoint', async () => {
    const res = await admin().get('/nothing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual(errorBody('not_found', 'Unknown admin endpoint: GET /nothing'));
  });
});

describe('readiness', () => {
  it('is 503 naming what is down when the upstream cannot be reached', async () => {
    const down = await startHubStack(h, {
      hub: (defaults) => ({ upstream: () => Promise.resolve({ ...defaults, baseUrl: 'http://127.0.0.1:1/api' } as never) }),
    });
    try {
      const res = await request(down.app).get('/admin/ready');
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('unavailable');
      expect(res.body.error.message).toMatch(/^Not ready: upstream: /);
    } finally {
      await down.close();
    }
  });
});

describe('the OpenAPI document', () => {
  it('describes every admin endpoint from the same schemas', async () => {
    const doc = (await request(stack.app).get('/admin/openapi.json')).body;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.adminToken).toEqual({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/admin/accounts',
        '/admin/accounts/{account}',
        '/admin/accounts/{account}/keys',
        '/admin/alert-routes',
        '/admin/alert-routes/{evaluatorId}',
        '/admin/alerts',
        '/admin/alerts/digest',
        '/admin/alerts/digest-runs',
        '/admin/alerts/test',
        '/admin/alerts/{id}/retry',
        '/admin/api/{operation}',
        '/admin/console/users',
        '/admin/console/users/{id}/deactivate',
        '/admin/health',
        '/admin/keys/{keyId}',
        '/admin/keys/{keyId}/deactivate',
        '/admin/queues',
        '/admin/queues/{name}/failed',
        '/admin/queues/{name}/failed/retry',
        '/admin/queues/{name}/jobs/{jobId}',
        '/admin/queues/{name}/jobs/{jobId}/retry',
        '/admin/quotas',
        '/admin/ready',
        '/admin/reports/pull-preview',
        '/admin/reports/runs',
        '/admin/sync',
        '/admin/sync/quarantine',
        '/admin/sync/reconcile',
        '/admin/transcriptions',
        '/admin/transcriptions/{id}',
        '/admin/transcriptions/{id}/group',
        // Outgoing webhooks per account (docs/deliveries.md) and the incoming side.
        '/admin/accounts/{account}/configurations/{configurationId}/test-webhook',
        '/admin/accounts/{account}/deliveries',
        '/admin/accounts/{account}/deliveries/recover',
        '/admin/accounts/{account}/deliveries/{deliveryId}',
        '/admin/accounts/{account}/deliveries/{deliveryId}/replay',
        '/admin/accounts/{account}/rotate-secret',
        '/admin/sync/runs',
        '/admin/transcriptions/{id}/mirror',
        '/admin/webhooks/receipts',
        '/admin/webhooks/rejections',
        // Calibration, disputes, coaching and agreement (docs/console.md).
        '/admin/agreement',
        '/admin/calibration/sessions',
        '/admin/calibration/sessions/{id}',
        '/admin/calibration/sessions/{id}/benchmark',
        '/admin/calibration/sessions/{id}/close',
        '/admin/calibration/sessions/{id}/submit',
        '/admin/calibration/sessions/{id}/verdicts',
        '/admin/coaching-notes',
        '/admin/coaching-notes/{id}/acknowledge',
        '/admin/disputes',
        '/admin/disputes/settings',
        '/admin/disputes/{id}/resolve',
        // The review sampling rule (docs/console.md "Sampling").
        '/admin/review/sampling',
        // The assignment rule (docs/console.md "Assignment").
        '/admin/review/assignment',
      ].sort(),
    );
    const list = doc.paths['/admin/transcriptions'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual([
      'critical',
      'group',
      'evaluator_id',
      'participant_id',
      'status',
      'from',
      'to',
      'include_deleted',
      'limit',
      'cursor',
    ]);
    expect(list.parameters.find((p: { name: string }) => p.name === 'group').schema.enum).toEqual([
      'PENDING_REVIEW',
      'UNDER_REVIEW',
      'ARCHIVED',
      'none',
    ]);
    expect(doc.paths['/admin/transcriptions/{id}/group'].post.requestBody.content['application/json'].schema.required).toEqual(['group']);
    expect(doc.paths['/admin/health'].get.security).toEqual([]);
    // The lists the console pages through take its keyset cursor and document the 400 it may answer.
    for (const path of ['/admin/alerts', '/admin/alerts/digest-runs', '/admin/reports/runs']) {
      expect(
        doc.paths[path].get.parameters.map((p: { name: string }) => p.name),
        path,
      ).toContain('cursor');
      expect(Object.keys(doc.paths[path].get.responses), path).toContain('400');
    }
  });
});

describe('mirrored transcriptions', () => {
  it('lists with filters and cursor pagination, newest first', async () => {
    const own = await startHubStack(h);
    try {
      // Mirror tables hold every test's rows (the hub mirrors one upstream account): a year of our own.
      const year = 2100 + Math.floor(Math.random() * 800);
      const a = await seedEvaluatedTranscription(h.db, own.account.id);
      const b = await seedEvaluatedTranscription(h.db, own.account.id);
      const c = await seedTranscription(h.db, own.account.id, {
        status: 'COMPLETED',
        score: 90,
        criticalFail: false,
        evaluationStatus: 'COMPLETED',
        group: 'ARCHIVED',
        createdAt: new Date(`${year}-01-10T10:00:00Z`),
      });
      await h.db.transcription.update({ where: { id: a.id }, data: { createdAt: new Date(`${year}-01-01T08:00:00Z`) } });
      await h.db.transcription.update({
        where: { id: b.id },
        data: { createdAt: new Date(`${year}-01-05T08:00:00Z`), group: 'PENDING_REVIEW' },
      });
      for (const id of [a.id, b.id, c.id]) await writeMirror(own.hub, await own.client.getTranscription({ transcription_id: id }));
      const get = (query: string) => request(own.app).get(`/admin/transcriptions${query}`).set('authorization', `Bearer ${adminToken}`);
      const within = `&from=${year}-01-01&to=${year}-01-31`;

      const all = await get(`?limit=50${within}`);
      expect(all.status).toBe(200);
      expect(all.body.data.items.map((t: { id: string }) => t.id)).toEqual([c.id, b.id, a.id]);
      expect((await get(`?critical=true${within}`)).body.data.items.map((t: { id: string }) => t.id)).toEqual([b.id, a.id]);
      expect((await get(`?critical=true&group=none${within}`)).body.data.items.map((t: { id: string }) => t.id)).toEqual([a.id]);
      expect((await get(`?group=PENDING_REVIEW${within}`)).body.data.items.map((t: { id: string }) => t.id)).toEqual([b.id]);
      expect((await get(`?evaluator_id=${a.evaluatorId}${within}`)).body.data.items.map((t: { id: string }) => t.id)).toEqual([a.id]);
      expect((await get(`?participant_id=${b.participantId}${within}`)).body.data.items.map((t: { id: string }) => t.id)).toEqual([b.id]);
      expect((await get(`?status=COMPLETED&from=${year}-01-05&to=${year}-01-05`)).body.data.items.map((t: { id: string }) => t.id)).toEqual(
        [b.id],
      );

      const first = await get(`?limit=2${within}`);
      expect(first.body.data.items.map((t: { id: string }) => t.id)).toEqual([c.id, b.id]);
      expect(first.body.data.next_cursor).toEqual(expect.any(String));
      const second = await get(`?limit=2${within}&cursor=${first.body.data.next_cursor}`);
      expect(second.body.data).toEqual({
        items: [expect.objectContaining({ id: a.id, critical_fail: true, score: 100 })],
        next_cursor: null,
      });
    } finally {
      await own.close();
    }
  });

  it.each([
    ['?group=DONE', 'Invalid group: expected one of PENDING_REVIEW, UNDER_REVIEW, ARCHIVED, none'],
    ['?critical=maybe', 'Invalid critical: expected true or false'],
    ['?limit=0', 'Invalid limit: must be at least 1'],
    ['?limit=500', 'Invalid limit: must be at most 200'],
    ['?from=yesterday', 'Invalid from: expected YYYY-MM-DD or an ISO 8601 datetime'],
    ['?evaluator_id=abc', 'Invalid evaluator_id: expected a UUID'],
    ['?cursor=bm9wZQ', 'Invalid cursor: use next_cursor from a previous page'],
  ])('refuses %s with 400', async (query, message) => {
    const res = await admin().get(`/transcriptions${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody('invalid_value', message));
  });

  it('shows one with its criterion results; 404 and 400 otherwise', async () => {
    const seeded = await mirrored();
    const res = await admin().get(`/transcriptions/${seeded.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: seeded.id,
      status: 'COMPLETED',
      critical_fail: true,
      participant_tag: 'Ana',
      evaluator_tag: 'Support QA',
    });
    expect(res.body.data.results.map((r: { name: string; status: string }) => [r.name, r.status])).toEqual([
      ['Greeting', 'PASS'],
      ['No promises', 'FAIL'],
    ]);
    const missing = randomUUID();
    expect((await admin().get(`/transcriptions/${missing}`)).body).toEqual(errorBody('not_found', `No mirrored transcription ${missing}`));
    expect((await admin().get('/transcriptions/abc')).body).toEqual(errorBody('invalid_value', 'Invalid id: expected a UUID'));
  });

  it('changes the group upstream through the client, then in the mirror', async () => {
    const seeded = await mirrored();
    const res = await admin().post(`/transcriptions/${seeded.id}/group`, { group: 'UNDER_REVIEW' });
    expect(res.status).toBe(200);
    expect(res.body.data.group).toBe('UNDER_REVIEW');
    expect((await stack.client.getTranscription({ transcription_id: seeded.id })).group).toBe('UNDER_REVIEW');
    expect((await h.db.hubTranscription.findUniqueOrThrow({ where: { id: seeded.id } })).group).toBe('UNDER_REVIEW');
    const cleared = await admin().post(`/transcriptions/${seeded.id}/group`, { group: '' });
    expect(cleared.body.data.group).toBeNull();

    expect((await admin().post(`/transcriptions/${seeded.id}/group`, { group: 'DONE' })).body).toEqual(
      errorBody('invalid_value', 'Invalid group value'),
    );
    expect((await admin().post(`/transcriptions/${seeded.id}/group`, {})).body).toEqual(
      errorBody('missing_field', 'Missing required field: group'),
    );
    const unknown = await admin().post(`/transcriptions/${randomUUID()}/group`, { group: 'ARCHIVED' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toMatch(/^Transcription not found: .* \(upstream request .+\)$/);
  });
});

describe('sync', () => {
  it('reports the sync status and queues a reconciliation on demand', async () => {
    const res = await admin().get('/sync');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      healthy: expect.any(Boolean),
      last_run: expect.toBeOneOf([null, expect.any(Object)]),
      quarantined: expect.any(Number),
      last_reconcile: expect.toBeOneOf([null, expect.any(Object)]),
      reconcile_lag_seconds: expect.toBeOneOf([null, expect.any(Number)]),
      receipts_last_hour: expect.any(Number),
      receipts_not_enqueued: expect.any(Number),
      mirrored: expect.any(Number),
      mirror_queue: expect.objectContaining({ waiting: expect.any(Number), failed: expect.any(Number) }),
      failed_mirrors: expect.any(Array),
    });
    // A failed run shows as the last run, with its reason, beside the last one that succeeded.
    await recordReconcileRun(h.db, { ok: false, lastReconcileAt: new Date().toISOString(), error: 'upstream said 503' });
    const failing = (await admin().get('/sync')).body.data;
    expect(failing).toMatchObject({ healthy: false, last_run: { ok: false, error: 'upstream said 503' } });
    const queued = await admin().post('/sync/reconcile');
    expect(queued.status).toBe(202);
    expect(queued.body.data.job_id).toMatch(/^reconcile-manual-\d+$/);
    expect(await h.jobs.queue('hub.reconcile').getJob(queued.body.data.job_id)).toBeDefined();
  });
});

describe('queues', () => {
  it('counts jobs per queue, lists failed ones, retries and removes them', async () => {
    const counts = await admin().get('/queues');
    expect(counts.body.data.queues.map((q: { name: string }) => q.name)).toContain('hub.mirror-transcription');

    // A job that fails for good, on the reconcile queue of this test's prefix.
    await h.jobs.enqueue('hub.reconcile', { tick: 'x' }, { jobId: 'admin-test-failing' });
    const connection = createRedis(testRedisUrl, { forWorker: true });
    const worker = new Worker('hub.reconcile', () => Promise.reject(new UnrecoverableError('boom')), { connection, prefix: h.queuePrefix });
    const job = await (async () => {
      for (;;) {
        const found = await h.jobs.queue('hub.reconcile').getJob('admin-test-failing');
        // Read again once failed: the first read may predate the failure (no failedReason yet).
        if (found && (await found.isFailed())) return (await h.jobs.queue('hub.reconcile').getJob('admin-test-failing')) ?? found;
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    await worker.close();
    await connection.quit();
    expect(job.failedReason).toBe('boom');

    const failed = await admin().get('/queues/hub.reconcile/failed?limit=10');
    expect(failed.body.data.jobs).toContainEqual({
      id: 'admin-test-failing',
      name: 'hub.reconcile',
      data: { tick: 'x' },
      reason: 'boom',
      attempts: expect.any(Number),
      failed_at: expect.any(String),
    });
    const retried = await admin().post('/queues/hub.reconcile/jobs/admin-test-failing/retry');
    expect(retried.body.data).toEqual({ id: 'admin-test-failing', state: 'waiting' });
    expect((await admin().post('/queues/hub.reconcile/jobs/admin-test-failing/retry')).body).toEqual(
      errorBody('invalid_value', 'Job admin-test-failing is not failed (it is waiting)'),
    );
    expect((await admin().delete('/queues/hub.reconcile/jobs/admin-test-failing')).body.data).toEqual({
      id: 'admin-test-failing',
      removed: true,
    });
    expect((await admin().delete('/queues/hub.reconcile/jobs/admin-test-failing')).body).toEqual(
      errorBody('not_found', 'No job admin-test-failing in hub.reconcile'),
    );
    expect((await admin().get('/queues/nope/failed')).status).toBe(400);
  });
});

describe('accounts and keys of the built-in service', () => {
  it('creates, lists, shows (with the signing secret), and manages keys', async () => {
    const name = `admin-${randomUUID().slice(0, 8)}`;
    const created = await admin().post('/accounts', { name });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({ id: expect.any(String), name, created_at: expect.any(String) });
    expect((await admin().post('/accounts', { name })).body).toEqual(
      errorBody('invalid_value', `An account named "${name}" already exists`),
    );
    expect((await admin().post('/accounts', {})).body).toEqual(errorBody('missing_field', 'Missing required field: name'));
    expect((await admin().get('/accounts')).body.data.accounts).toContainEqual(created.body.data);

    const key = await admin().post(`/accounts/${name}/keys`, { name: 'ops' });
    expect(key.status).toBe(201);
    expect(key.body.data).toMatchObject({ name: 'ops', is_active: true, key: expect.stringMatching(/^cq_/) });
    const shown = await admin().get(`/accounts/${created.body.data.id}`);
    expect(shown.body.data).toMatchObject({ name, webhook_signing_secret: expect.stringMatching(/^whsec_/), active_keys: 1, keys: 1 });
    const keys = await admin().get(`/accounts/${name}/keys`);
    expect(keys.body.data.keys).toHaveLength(1);
    expect(JSON.stringify(keys.body)).not.toContain(key.body.data.key);

    const works = () => request(stack.app).post('/api/list-participants').set('x-api-key', key.body.data.key).send({});
    expect((await works()).status).toBe(200);
    expect((await admin().post(`/keys/${key.body.data.id}/deactivate`)).body.data.is_active).toBe(false);
    expect((await works()).status).toBe(403);
    expect((await admin().delete(`/keys/${key.body.data.id}`)).body.data).toEqual({ id: key.body.data.id, deleted: true });
    expect((await admin().delete(`/keys/${key.body.data.id}`)).status).toBe(404);
    expect((await admin().post('/keys/abc/deactivate')).body).toEqual(errorBody('invalid_value', 'Invalid keyId: expected a UUID'));
    expect((await admin().get('/accounts/nobody-here')).body).toEqual(errorBody('not_found', 'No account "nobody-here"'));
  });
});

describe('POST /admin/api/:operation', () => {
  it('calls any operation through the client', async () => {
    const created = await admin().post('/api/create-participant', { tag: 'Via admin' });
    expect(created.status).toBe(200);
    expect(created.body.data.participant.tag).toBe('Via admin');
    const listed = await admin().post('/api/list-participants', {});
    expect(listed.body.data.items.map((p: { tag: string }) => p.tag)).toContain('Via admin');
    expect((await admin().post('/api/get-configurations', {})).status).toBe(200);
  });

  it('masks the answers of the operations that carry a transcription\'s text (docs/redaction.md, "The hub")', async () => {
    const card = '4539 1488 0343 6467';
    const seeded = await seedTranscription(h.db, stack.account.id, {
      status: 'COMPLETED',
      name: `refund to card ${card}`,
      language: 'en',
      numSpeakers: 2,
      completedAt: new Date(),
      conversation: {
        segments: [
          { speaker: 'A', text: 'And the security code?' },
          { speaker: 'B', text: 'Seven three nine.' },
          { speaker: 'B', text: `my card number is ${card}` },
        ],
      },
    });
    const got = await admin().post('/api/get-transcription', { transcription_id: seeded.id });
    expect(got.status).toBe(200);
    expect(got.body.data.name).toBe('refund to card [CREDIT_CARD_NUMBER]');
    expect(got.body.data.details.conversation.segments.map((s: { text: string }) => s.text)).toEqual([
      'And the security code?',
      '[CREDIT_CARD_CVV].',
      'my card number is [CREDIT_CARD_NUMBER]',
    ]);
    const alias = await admin().post('/api/details', { transcription_id: seeded.id });
    expect(JSON.stringify(alias.body)).not.toMatch(/4539|Seven three nine/);
    const moved = await admin().post('/api/update-transcription-group', { transcription_id: seeded.id, group: 'UNDER_REVIEW' });
    expect(moved.status).toBe(200);
    expect(JSON.stringify(moved.body)).not.toMatch(/4539|Seven three nine/);
    const listed = await admin().post('/api/list-transcriptions', {});
    expect(JSON.stringify(listed.body)).toContain('refund to card [CREDIT_CARD_NUMBER]');
    expect(JSON.stringify(listed.body)).not.toContain('4539');
  });

  it('refuses unknown operations and bad input, and passes upstream errors on', async () => {
    expect((await admin().post('/api/make-coffee', {})).body.error.message).toMatch(
      /^Invalid operation: expected one of create-configuration, /,
    );
    // What the description promises is checked before sending; a rule of the upstream's own comes back as its 400.
    const bad = await admin().post('/api/get-participant', { participant_id: 5 });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(errorBody('invalid_value', 'Invalid participant_id: expected a UUID'));
    const refused = await admin().post('/api/create-participant', {});
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/^Missing required field: tag \(upstream request [0-9a-f-]{36}\)$/);
    const missing = await admin().post('/api/get-participant', { participant_id: randomUUID() });
    expect(missing.status).toBe(404);
  });
});
