import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { sharedDashboardMembers } from '../../support/dashboard-expectations.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.js';
import { callUpstream, dataOf } from './call-upstream.js';
import { startIndependentUpstream, type IndependentUpstream, type IndependentUpstreamOptions } from './independent-upstream.js';
import type { WebhookBody } from './webhook-sender.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function upstream(options: IndependentUpstreamOptions = {}): Promise<IndependentUpstream> {
  const fake = await startIndependentUpstream({ processingDelayMs: 20, ...options });
  closers.push(() => fake.close());
  return fake;
}

async function receiver(secret = `whsec_${randomBytes(24).toString('base64')}`): Promise<WebhookReceiver> {
  const r = await startWebhookReceiver(() => secret);
  closers.push(() => r.close());
  return r;
}

async function seed(fake: IndependentUpstream, webhooks: { success_url: string; error_url: string } | null = null) {
  const configuration = await dataOf<{ configuration_id: string }>(fake, 'create-configuration', {
    tag: 'Support',
    summary: true,
    webhooks,
  });
  const evaluator = await dataOf<{ evaluator_id: string; criteria_ids: string[] }>(fake, 'create-evaluator', {
    tag: 'QA',
    criteria: [
      { name: 'Greeting', type: 'boolean', weight: 40 },
      { name: 'Empathy', type: 'scale', weight: 60 },
      { name: 'No refund promises', type: 'strict', weight: 0 },
    ],
  });
  const participant = (
    await dataOf<{ participant: { participant_id: string } }>(fake, 'create-participant', {
      tag: ' Ana ',
      metadata: { team: 'north', level: 2 },
    })
  ).participant;
  return {
    configurationId: configuration.configuration_id,
    evaluatorId: evaluator.evaluator_id,
    participantId: participant.participant_id,
  };
}

/** What the assertions read of a transcription answer (the rest is matched as a whole). */
interface TranscriptionAnswer {
  details: {
    conversation: { segments: { speaker: string; text: string }[] } | null;
    evaluation: { breakdown: { results: { status: string }[] } } | null;
    error?: object;
  };
}
interface DashboardAnswer {
  charts: { heatmap: Record<string, Record<string, number>> };
  criteria_breakdown: unknown[];
  score_distribution: Record<string, number>;
  kpis: object;
  metadata: object;
  trend?: object;
}

const recording = (file: string) => `http://127.0.0.1:9/recordings/${file}`;

describe('the independent upstream answers as the vendor describes', () => {
  it('checks the method, path, key and JSON body, with an error body of its own', async () => {
    const fake = await upstream();
    expect(await callUpstream(fake, 'list-configurations', {}, { method: 'GET' })).toMatchObject({
      status: 404,
      body: { message: 'Not Found', status: 404 },
    });
    expect(await callUpstream(fake, 'no-such-operation')).toMatchObject({ status: 404, body: { message: 'Not Found' } });
    expect(await callUpstream(fake, 'list-configurations', {}, { apiKey: null })).toMatchObject({
      status: 403,
      body: { message: 'Forbidden', status: 403 },
    });
    expect((await callUpstream(fake, 'list-configurations', {}, { apiKey: `${fake.apiKey}x` })).status).toBe(403);
    expect(await callUpstream(fake, 'list-configurations', {}, { rawBody: '{"oops"' })).toMatchObject({
      status: 400,
      body: { message: 'Invalid JSON format' },
    });
    expect(await callUpstream(fake, 'get-configuration', { configuration_id: crypto.randomUUID() })).toMatchObject({
      status: 404,
      body: { message: 'Configuration not found' },
    });
    expect(await callUpstream(fake, 'submit', { url: recording('a.wav') })).toMatchObject({
      status: 400,
      body: { message: 'Missing required field: configuration_id' },
    });
  });

  it('answers resources in the promised shapes where shown and its own where not, with unknown extra members', async () => {
    const fake = await upstream();
    const created = await callUpstream(fake, 'create-configuration', { tag: 'Support' });
    expect(created.status).toBe(201);
    const configuration = (created.body as { data: Record<string, unknown> }).data;
    expect(configuration).toMatchObject({ tag: 'Support', webhooks: null, vendor_trace: expect.any(String), x_internal: { shard: 7 } });
    expect(configuration).not.toHaveProperty('configuration');
    const id = configuration.configuration_id as string;
    expect(await dataOf(fake, 'get-configuration', { configuration_id: id })).toMatchObject({ configuration: { configuration_id: id } });
    expect(await dataOf(fake, 'list-configurations')).toMatchObject({
      total_configurations: 1,
      configurations: [{ configuration_id: id }],
    });
    expect(await dataOf(fake, 'update-configuration', { configuration_id: id, summary: true })).toMatchObject({
      updated: ['summary'],
      configuration: { summary: true },
    });

    const { evaluatorId, participantId } = await seed(fake);
    const evaluator = await dataOf<{ criteria: { type: string; weight: number }[] }>(fake, 'get-evaluator', { evaluator_id: evaluatorId });
    expect(evaluator.criteria.map((c) => [c.type, c.weight])).toEqual([
      ['boolean', 40],
      ['scale', 60],
      ['strict', 0],
    ]);
    expect(await dataOf(fake, 'list-evaluators')).toMatchObject({ count: 1, items: [{ evaluator_id: evaluatorId }] });
    expect(await dataOf(fake, 'get-participant', { participant_id: participantId })).toMatchObject({
      participant: { tag: 'Ana', metadata: { team: 'north', level: '2' } },
    });
    expect(await dataOf(fake, 'list-participants')).toMatchObject({ count: 1, items: [{ participant_id: participantId }] });
  });

  it('processes a submission: IN_PROGRESS, then COMPLETED with a full evaluation, a critical fail, or FAILED in its own error shapes', async () => {
    const fake = await upstream({ processingDelayMs: 200 });
    const { configurationId, evaluatorId, participantId } = await seed(fake);
    const submit = (file: string) =>
      callUpstream(fake, 'submit', {
        configuration_id: configurationId,
        url: recording(file),
        evaluator_id: evaluatorId,
        participant_id: participantId,
      });
    const accepted = await submit('good.wav');
    expect(accepted).toMatchObject({ status: 202, body: { data: { message: expect.any(String), transcription_id: expect.any(String) } } });
    const id = (accepted.body as { data: { transcription_id: string } }).data.transcription_id;
    const ids = { good: id, critical: '', fail: '', reason: '' };
    ids.critical = ((await submit('critical.wav')).body as { data: { transcription_id: string } }).data.transcription_id;
    ids.fail = ((await submit('fail.wav')).body as { data: { transcription_id: string } }).data.transcription_id;
    ids.reason = ((await submit('fail-reason.mp3')).body as { data: { transcription_id: string } }).data.transcription_id;
    expect(await dataOf(fake, 'get-transcription', { transcription_id: id })).toMatchObject({
      status: 'IN_PROGRESS',
      duration: null,
      details: { evaluation: null, completed_at: null },
    });
    expect(await dataOf(fake, 'list-transcriptions')).toMatchObject({
      total_transcriptions: 4,
      statistics: { in_progress: 4 },
      transcriptions: expect.arrayContaining([expect.objectContaining({ transcription_id: id, duration: null })]),
    });
    await fake.settled();

    const good = await dataOf<TranscriptionAnswer>(fake, 'get-transcription', { transcription_id: ids.good });
    expect(good).toMatchObject({ status: 'COMPLETED', duration: expect.any(Number), participant_tag: 'Ana', evaluator_tag: 'QA' });
    expect(good.details.conversation?.segments[0]).toEqual({ speaker: 'A', text: expect.any(String) });
    expect(good.details.evaluation).toMatchObject({
      score: 100,
      critical_fail: false,
      status: 'COMPLETED',
      breakdown: { evaluator_id: evaluatorId, final_score: 100 },
    });
    expect(good.details.evaluation?.breakdown.results.map((r) => r.status)).toEqual(['PASS', 'PASS', 'PASS']);
    const critical = await dataOf<TranscriptionAnswer>(fake, 'get-transcription', { transcription_id: ids.critical });
    expect(critical.details.evaluation).toMatchObject({ score: 100, critical_fail: true, breakdown: { critical_fail_triggered: true } });
    expect(critical.details.evaluation?.breakdown.results.map((r) => r.status)).toEqual(['PASS', 'PASS', 'FAIL']);
    const failed = await dataOf<TranscriptionAnswer>(fake, 'get-transcription', { transcription_id: ids.fail });
    expect(failed).toMatchObject({
      status: 'FAILED',
      duration: null,
      details: { conversation: null, summary: null, fields: null, evaluation: null, error: { code: 'DOWNLOAD' } },
    });
    expect(failed.details.error).not.toHaveProperty('message');
    const reason = await dataOf<TranscriptionAnswer>(fake, 'get-transcription', { transcription_id: ids.reason });
    expect(reason).toMatchObject({ status: 'FAILED', duration: null, details: { failure_reason: expect.any(String) } });
    expect(reason.details).not.toHaveProperty('error');
    expect(await dataOf(fake, 'list-transcriptions')).toMatchObject({ statistics: { completed: 2, failed: 2, in_progress: 0 } });

    expect(await callUpstream(fake, 'update-transcription-group', { transcription_id: ids.good, group: 'LATER' })).toMatchObject({
      status: 400,
      body: { message: 'Invalid group value' },
    });
    expect(await dataOf(fake, 'update-transcription-group', { transcription_id: ids.good, group: 'ARCHIVED' })).toMatchObject({
      transcription: { group: 'ARCHIVED' },
    });
    expect(await dataOf(fake, 'delete-transcription', { transcription_id: ids.good })).toMatchObject({ message: expect.any(String) });
    expect((await callUpstream(fake, 'get-transcription', { transcription_id: ids.good })).status).toBe(404);
    expect(await callUpstream(fake, 'submit', { configuration_id: configurationId, url: recording('notes.txt') })).toMatchObject({
      status: 400,
      body: { message: 'Unsupported audio format' },
    });
  });
});

describe('its options', () => {
  it('lets the test script each outcome and answer get-participant flat', async () => {
    const fake = await upstream({
      getParticipantShape: 'flat',
      outcomeFor: ({ name }) => (name === 'broken' ? { status: 'FAILED', shape: 'failure-reason', code: 'DECODE' } : undefined),
    });
    const { configurationId, participantId } = await seed(fake);
    const { participant_id: flatId } = await dataOf<{ participant_id: string }>(fake, 'get-participant', { participant_id: participantId });
    expect(flatId).toBe(participantId);
    const broken = await dataOf<{ transcription_id: string }>(fake, 'submit', {
      configuration_id: configurationId,
      url: recording('good.wav'),
      name: 'broken',
    });
    const fine = await dataOf<{ transcription_id: string }>(fake, 'submit', {
      configuration_id: configurationId,
      url: recording('good.wav'),
      name: 'fine',
    });
    await fake.settled();
    expect(await dataOf(fake, 'get-transcription', { transcription_id: broken.transcription_id })).toMatchObject({
      status: 'FAILED',
      details: { failure_reason: 'Processing stopped: decode' },
    });
    expect(await dataOf(fake, 'get-transcription', { transcription_id: fine.transcription_id })).toMatchObject({
      status: 'COMPLETED',
      x_served_by: 'independent-upstream',
    });
  });
});

describe('its webhooks', () => {
  const bodies: [WebhookBody, (id: string, status: string) => unknown][] = [
    ['nested-transcription-id', (id) => ({ data: { transcription_id: id } })],
    ['top-level-id', (id, status) => ({ transcription_id: id, status })],
    ['bare-id', (id) => ({ id })],
    ['nested-id', (id) => ({ data: { id } })],
    ['full-transcription', (id, status) => expect.objectContaining({ transcription_id: id, status, details: expect.any(Object) })],
  ];
  it.each(bodies)('sends %s bodies to success_url and error_url, unsigned and without a webhook-id', async (body, expected) => {
    const r = await receiver();
    const fake = await upstream({ webhooks: { body } });
    const { configurationId } = await seed(fake, { success_url: `${r.baseUrl}/ok?token=t1`, error_url: `${r.baseUrl}/ko?token=t1` });
    const good = await dataOf<{ transcription_id: string }>(fake, 'submit', {
      configuration_id: configurationId,
      url: recording('good.wav'),
    });
    const bad = await dataOf<{ transcription_id: string }>(fake, 'submit', {
      configuration_id: configurationId,
      url: recording('fail.wav'),
    });
    await r.waitFor(2, 5_000);
    const byPath = Object.fromEntries(r.received.map((w) => [w.path, w]));
    expect(JSON.parse(byPath['/ok?token=t1'].body)).toEqual(expected(good.transcription_id, 'COMPLETED'));
    expect(JSON.parse(byPath['/ko?token=t1'].body)).toEqual(expected(bad.transcription_id, 'FAILED'));
    expect(byPath['/ok?token=t1'].headers).not.toHaveProperty('webhook-id');
    expect(byPath['/ok?token=t1'].verified).toBeNull();
  });

  it('signs per Standard Webhooks, verified by the standardwebhooks package, and can send each event twice in other bytes', async () => {
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    const r = await receiver(secret);
    const fake = await upstream({ webhooks: { body: 'top-level-id', signingSecret: secret, sendsTwice: true } });
    const { configurationId } = await seed(fake, { success_url: `${r.baseUrl}/ok`, error_url: `${r.baseUrl}/ko` });
    const { transcription_id: id } = await dataOf<{ transcription_id: string }>(fake, 'submit', {
      configuration_id: configurationId,
      url: recording('good.wav'),
    });
    const [first, second] = await r.waitFor(2, 5_000);
    expect(first.verified).toEqual({ transcription_id: id, status: 'COMPLETED' });
    expect(second.verified).toMatchObject({ transcription_id: id, status: 'COMPLETED', sent_at: expect.any(String) });
    expect(first.body).not.toBe(second.body);
    expect(first.headers['webhook-id']).toBe(second.headers['webhook-id']);
    expect(() => new Webhook(`whsec_${randomBytes(24).toString('base64')}`).verify(first.body, first.headers)).toThrow();
    await fake.waitForWebhooks(2);
    expect(fake.webhooksSent.map((w) => w.status)).toEqual([200, 200]);
  });

  it('sends a webhook-id on unsigned webhooks when asked, and none for a configuration without webhooks', async () => {
    const r = await receiver();
    const fake = await upstream({ webhooks: { body: 'nested-id', sendsWebhookId: true } });
    const { configurationId } = await seed(fake, { success_url: `${r.baseUrl}/ok`, error_url: `${r.baseUrl}/ko` });
    const silent = (await seed(fake)).configurationId;
    await dataOf(fake, 'submit', { configuration_id: silent, url: recording('good.wav') });
    await dataOf(fake, 'submit', { configuration_id: configurationId, url: recording('good.wav') });
    await fake.settled();
    expect(r.received).toHaveLength(1);
    expect(r.received[0].headers['webhook-id']).toMatch(/^evt_/);
    expect(r.received[0].headers).not.toHaveProperty('webhook-signature');
  });
});

describe('its analytics and fault knobs', () => {
  it('answers the dashboards with the promised members, the account-wide report in its own shape, and counts every call', async () => {
    const fake = await upstream();
    const { configurationId, evaluatorId, participantId } = await seed(fake);
    for (const file of ['good.wav', 'critical.wav', 'low.wav', 'fail.wav']) {
      await dataOf(fake, 'submit', {
        configuration_id: configurationId,
        url: recording(file),
        evaluator_id: evaluatorId,
        participant_id: participantId,
        period_date: '2026-10-05T14:30:00Z',
      });
    }
    await fake.settled();
    const byEvaluator = await dataOf<DashboardAnswer>(fake, 'analytics-evaluator', {
      evaluator_id: evaluatorId,
      start_date: '2026-10-01',
      end_date: '2026-10-31',
    });
    expect(Object.keys(byEvaluator)).toEqual(expect.arrayContaining([...sharedDashboardMembers, 'participants', 'vendor_trace']));
    expect(byEvaluator.kpis).toMatchObject({ total_calls: 3, total_critical_fails: 1, pending_critical_reviews: 1 });
    expect(byEvaluator.metadata).toMatchObject({ total_records_analyzed: 3, filtered: true });
    expect(byEvaluator.charts.heatmap.monday['14']).toEqual(expect.any(Number));
    expect(byEvaluator.criteria_breakdown).toHaveLength(3);
    expect(Object.keys(byEvaluator.score_distribution)).toEqual(['0-20', '21-40', '41-60', '61-80', '81-100']);
    const byParticipant = await dataOf<DashboardAnswer>(fake, 'analytics-participant', { participant_id: participantId });
    expect(Object.keys(byParticipant)).toEqual(
      expect.arrayContaining([...sharedDashboardMembers, 'evaluators', 'trend', 'degradation_alert']),
    );
    expect(byParticipant.trend).toMatchObject({ direction: 'insufficient_data', sample_size: 3 });
    const account = await dataOf<object>(fake, 'analytics', {});
    expect(account).toMatchObject({
      summary: { calls: 3, critical_fails: 1 },
      by_evaluator: [{ evaluator: evaluatorId, calls: 3 }],
      rows: expect.any(Array),
    });
    expect(account).not.toHaveProperty('kpis');
    expect(await callUpstream(fake, 'analytics', { start_date: '2026-10' })).toMatchObject({ status: 400 });
    expect(fake.analyticsCalls).toEqual({ analytics: 2, 'analytics-evaluator': 1, 'analytics-participant': 1 });
  });

  it('answers 429 with and without Retry-After, slowly, and with a malformed list row when told to', async () => {
    const fake = await upstream();
    fake.rateLimitNext('analytics', 1, 7);
    fake.rateLimitNext('list-evaluators', 1, null);
    const limited = await callUpstream(fake, 'analytics');
    expect(limited).toMatchObject({ status: 429, body: { message: 'Too Many Requests' } });
    expect(limited.headers.get('retry-after')).toBe('7');
    const bare = await callUpstream(fake, 'list-evaluators');
    expect(bare.status).toBe(429);
    expect(bare.headers.get('retry-after')).toBeNull();
    expect((await callUpstream(fake, 'analytics')).status).toBe(200);
    expect(fake.analyticsCalls.analytics).toBe(1);

    fake.slowDown('list-participants', 300);
    const started = performance.now();
    await dataOf(fake, 'list-participants');
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);

    const { configurationId } = await seed(fake);
    await dataOf(fake, 'submit', { configuration_id: configurationId, url: recording('good.wav') });
    for (const [kind, check] of [
      ['numeric-created-at', (row: Record<string, unknown>) => row.created_at === 12],
      ['missing-transcription-id', (row: Record<string, unknown>) => !('transcription_id' in row)],
      ['non-uuid-id', (row: Record<string, unknown>) => String(row.transcription_id).startsWith('urn:uuid:')],
      ['weird-status', (row: Record<string, unknown>) => row.status === 'WEIRD'],
    ] as const) {
      fake.injectMalformedRow(kind);
      const list = await dataOf<{ transcriptions: Record<string, unknown>[] }>(fake, 'list-transcriptions');
      expect(list.transcriptions).toHaveLength(2);
      expect(list.transcriptions.filter(check)).toHaveLength(1);
    }
    fake.injectMalformedRow(null);
    expect((await dataOf<{ transcriptions: unknown[] }>(fake, 'list-transcriptions')).transcriptions).toHaveLength(1);
  });
});
