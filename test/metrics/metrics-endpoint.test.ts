/**
 * GET /metrics after a short mixed run (API calls, webhooks accepted, duplicated and refused for
 * each reason, two mirrors that raise alerts, one sent to Slack and one Slack refuses, a delivery
 * that fails and one that arrives, an analytics pull): the exposition is parsed with
 * parse-prometheus-text-format and every metric of docs/metrics.md is checked.
 */
import { randomUUID } from 'node:crypto';
import parsePrometheusTextFormat, { type ParsedMetricFamily, type ParsedSample } from 'parse-prometheus-text-format';
import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { pullAnalytics } from '../../src/hub/reports/quota/pull-analytics.js';
import { recordFailed } from '../../src/service/processing/record-outcome.js';
import { jobNames } from '../../src/queues/job-catalog.js';
import { processMetricsRegistry } from '../../src/metrics/metrics-endpoint.js';
import { startMetricsServer } from '../../src/metrics/metrics-server.js';
import { closedPort } from '../support/closed-port.js';
import { errorBody } from '../support/harness.js';
import { adminToken } from '../support/hub-stack.js';
import { seedEvaluatedTranscription, seedTranscription, seedConfiguration } from '../support/seed.js';
import { histogramSeries, parseSamples, type PromSample } from '../support/prometheus-samples.js';
import { eventually } from '../support/webhook-receiver.js';
import { slackHubForFile } from '../hub/alerts/slack-hub-for-file.js';

// Alerts go to a local Slack (test/fakes/fake-slack.ts), which can be told to refuse one.
const rig = slackHubForFile({ worker: { webhookRetryDelaysMs: [10] } });

function signedWebhook(body: string, secret: string, options: { id?: string; at?: Date } = {}) {
  const id = options.id ?? randomUUID();
  const at = options.at ?? new Date();
  return request(rig.stack.app)
    .post('/webhooks/transcriptions/success')
    .set('content-type', 'application/json')
    .set('webhook-id', id)
    .set('webhook-timestamp', String(Math.floor(at.getTime() / 1000)))
    .set('webhook-signature', new Webhook(secret).sign(id, at, body))
    .send(body);
}

const scrape = async () => {
  const res = await request(rig.stack.app).get('/metrics').set('authorization', `Bearer ${adminToken}`);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return { families: new Map(parsePrometheusTextFormat(res.text).map((family) => [family.name, family])), samples: parseSamples(res.text) };
};

/** A histogram series: buckets cumulative and ending in +Inf = count, sum plausible. */
function checkedHistogram(samples: PromSample[], name: string, labels: Record<string, string>) {
  const series = histogramSeries(samples, name, labels);
  const counts = [...series.buckets.values()];
  expect(counts.length, `${name} ${JSON.stringify(labels)}`).toBeGreaterThan(1);
  expect(counts).toEqual([...counts].sort((a, b) => a - b));
  expect(series.buckets.get('+Inf')).toBe(series.count);
  return { count: series.count ?? 0, sum: series.sum ?? 0 };
}

const family = (families: Map<string, ParsedMetricFamily>, name: string) => {
  const found = families.get(name);
  expect(found, name).toBeDefined();
  return found as ParsedMetricFamily;
};
const sample = (f: ParsedMetricFamily, labels: Record<string, string>): ParsedSample | undefined =>
  f.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
const valueOf = (f: ParsedMetricFamily, labels: Record<string, string> = {}) => Number(sample(f, labels)?.value ?? Number.NaN);

describe('GET /metrics', () => {
  it('needs the token', async () => {
    const res = await request(rig.stack.app).get('/metrics');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(errorBody('unauthorized', 'Missing admin token: send Authorization: Bearer <ADMIN_TOKEN>'));
    expect((await request(rig.stack.app).get('/metrics').set('authorization', 'Bearer wrong')).status).toBe(401);
  });

  it('shows every metric with plausible values after a mixed run', async () => {
    // API calls through the client, an admin call, and one unknown path.
    await request(rig.stack.app)
      .get(`/admin/accounts/${rig.stack.account.id}/deliveries`)
      .set('authorization', `Bearer ${adminToken}`)
      .expect(200);
    for (let i = 0; i < 3; i += 1) await rig.stack.client.listConfigurations({});
    await request(rig.stack.app).get('/nowhere').expect(404);

    // Webhooks at the hub: one accepted (its mirror raises a critical-fail alert, sent to Slack),
    // the same again (duplicate), and one refused for each reason.
    const critical = await seedEvaluatedTranscription(rig.h.db, rig.stack.account.id, { createdAt: new Date() });
    await rig.h.db.transcription.update({ where: { id: critical.id }, data: { completedAt: new Date() } }); // recent enough to alert
    const event = JSON.stringify({ type: 'transcription.completed', data: { transcription_id: critical.id } });
    const eventId = randomUUID();
    expect((await signedWebhook(event, rig.stack.account.webhookSecret, { id: eventId })).status).toBe(202);
    expect((await signedWebhook(event, rig.stack.account.webhookSecret, { id: eventId })).body).toEqual({
      data: { received: true, duplicate: true },
    });
    expect((await signedWebhook('{"type":"x","data":{}}', `whsec_${Buffer.alloc(32, 1).toString('base64')}`)).status).toBe(401);
    expect((await signedWebhook(event, rig.stack.account.webhookSecret, { at: new Date(Date.now() - 10 * 60_000) })).status).toBe(401);
    expect((await signedWebhook('not json', rig.stack.account.webhookSecret)).status).toBe(400);
    await eventually(
      async () => (await rig.h.db.hubAlert.findFirst({ where: { transcriptionId: critical.id, status: 'sent' } })) ?? undefined,
      20_000,
    );

    // A second critical fail whose alert Slack refuses for good (an unknown channel): a failed alert.
    rig.slack.script('chat.postMessage', [{ error: 'channel_not_found' }]);
    const refused = await seedEvaluatedTranscription(rig.h.db, rig.stack.account.id, { createdAt: new Date() });
    await rig.h.db.transcription.update({ where: { id: refused.id }, data: { completedAt: new Date() } });
    expect(
      (
        await signedWebhook(
          JSON.stringify({ type: 'transcription.completed', data: { transcription_id: refused.id } }),
          rig.stack.account.webhookSecret,
        )
      ).status,
    ).toBe(202);
    await eventually(
      async () => (await rig.h.db.hubAlert.findFirst({ where: { transcriptionId: refused.id, status: 'failed' } })) ?? undefined,
      20_000,
    );

    // Outgoing deliveries: one to the hub's receiver (delivered), one to a closed port (failed).
    const port = await closedPort();
    for (const url of [`${rig.stack.baseUrl}/webhooks/transcriptions/error`, `http://127.0.0.1:${port}/down`]) {
      const configuration = await seedConfiguration(rig.h.db, rig.stack.account.id, {
        tag: 'metrics',
        webhookSuccessUrl: url,
        webhookErrorUrl: url,
      });
      const t = await seedTranscription(rig.h.db, rig.stack.account.id, { configurationId: configuration.id });
      await recordFailed(
        rig.h.processingContext(),
        { id: t.id, accountId: rig.stack.account.id, configurationId: configuration.id, name: null },
        { code: 'download_failed', message: 'gone' },
      );
      await eventually(
        async () =>
          (await rig.h.db.webhookDelivery.findFirst({ where: { transcriptionId: t.id, status: { not: 'pending' } } })) ?? undefined,
        20_000,
      );
    }

    // One analytics call, through the quota ledger.
    await pullAnalytics(rig.stack.hub, { endpoint: 'analytics', params: {}, purpose: 'on-demand' });

    const { families, samples } = await scrape();

    const requests = family(families, 'convoqa_http_request_duration_seconds');
    expect(requests.type).toBe('HISTOGRAM');
    const listCalls = checkedHistogram(samples, 'convoqa_http_request_duration_seconds', {
      method: 'POST',
      route: '/api/list-configurations',
      status: '200',
    });
    expect(listCalls.count).toBeGreaterThanOrEqual(3);
    expect(listCalls.sum).toBeGreaterThan(0);
    expect(listCalls.sum / listCalls.count).toBeLessThan(5);
    expect(
      checkedHistogram(samples, 'convoqa_http_request_duration_seconds', { route: 'unmatched', status: '404' }).count,
    ).toBeGreaterThanOrEqual(1);
    expect(
      checkedHistogram(samples, 'convoqa_http_request_duration_seconds', { route: '/webhooks/transcriptions/:outcome', status: '202' })
        .count,
    ).toBeGreaterThanOrEqual(3);
    expect(
      checkedHistogram(samples, 'convoqa_http_request_duration_seconds', { route: '/webhooks/transcriptions/:outcome', status: '401' })
        .count,
    ).toBeGreaterThanOrEqual(2);
    // Route patterns only: no raw ids in any label.
    const routes = new Set(
      samples.filter((s) => s.name === 'convoqa_http_request_duration_seconds_count').map((s) => s.labels.route ?? ''),
    );
    expect(routes).toContain('/admin/accounts/:account/deliveries');
    expect([...routes].some((route) => /[0-9a-f]{8}-[0-9a-f]{4}/.test(route))).toBe(false);

    const webhooks = family(families, 'convoqa_hub_webhooks_received_total');
    expect(valueOf(webhooks, { outcome: 'accepted' })).toBeGreaterThanOrEqual(3);
    for (const outcome of ['duplicate', 'bad_signature', 'stale', 'malformed'])
      expect(valueOf(webhooks, { outcome }), outcome).toBeGreaterThanOrEqual(1);

    expect(family(families, 'convoqa_hub_mirror_lag_seconds').type).toBe('HISTOGRAM');
    const lag = checkedHistogram(samples, 'convoqa_hub_mirror_lag_seconds', {});
    expect(lag.count).toBeGreaterThanOrEqual(2);
    expect(lag.sum / lag.count).toBeGreaterThanOrEqual(0);
    expect(lag.sum / lag.count).toBeLessThan(30);

    const alerts = family(families, 'convoqa_hub_alerts_total');
    expect(valueOf(alerts, { outcome: 'sent', notifier: 'slack' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(alerts, { outcome: 'failed', notifier: 'slack' })).toBeGreaterThanOrEqual(1);

    const deliveries = family(families, 'convoqa_webhook_deliveries_total');
    expect(valueOf(deliveries, { outcome: 'delivered' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(deliveries, { outcome: 'failed' })).toBeGreaterThanOrEqual(1);
    const attempts = family(families, 'convoqa_webhook_delivery_attempts_total');
    expect(valueOf(attempts, { outcome: 'retry' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(attempts, { outcome: 'failed' })).toBeGreaterThanOrEqual(1);

    const queues = family(families, 'convoqa_queue_jobs');
    for (const queue of jobNames) {
      for (const state of ['waiting', 'active', 'delayed', 'failed', 'completed'])
        expect(valueOf(queues, { queue, state }), `${queue} ${state}`).toBeGreaterThanOrEqual(0);
    }
    expect(valueOf(queues, { queue: 'service.deliver-webhook', state: 'failed' })).toBeGreaterThanOrEqual(1);
    // The alert Slack refused failed its job for good: the queue shows it.
    expect(valueOf(queues, { queue: 'hub.send-alert', state: 'failed' })).toBeGreaterThanOrEqual(1);

    const used = family(families, 'convoqa_analytics_quota_used');
    const limit = family(families, 'convoqa_analytics_quota_limit');
    const analytics = sample(used, { endpoint: 'analytics' });
    expect(Number(analytics?.value)).toBeGreaterThanOrEqual(1);
    expect(valueOf(limit, { endpoint: 'analytics', scope: analytics?.labels?.scope ?? '' })).toBeGreaterThan(Number(analytics?.value));
    family(families, 'convoqa_analytics_quota_reserved');

    // The sync's health: read at scrape from the reconciliation runs and the quarantine.
    family(families, 'convoqa_hub_quarantined_items');
    family(families, 'convoqa_hub_reconcile_last_run_ok');
    family(families, 'convoqa_hub_reconcile_last_success_timestamp_seconds');

    expect(valueOf(family(families, 'convoqa_process_cpu_user_seconds_total'))).toBeGreaterThan(0);
    expect(valueOf(family(families, 'convoqa_nodejs_heap_size_used_bytes'))).toBeGreaterThan(1_000_000);
  });
});

describe("a worker's own metrics port (METRICS_PORT)", () => {
  it('serves what the process counts, behind the same token', async () => {
    const server = await startMetricsServer({
      registry: processMetricsRegistry(),
      port: 0,
      host: '127.0.0.1',
      token: () => Promise.resolve(adminToken),
      logger: rig.h.deps.logger,
    });
    try {
      const url = `http://127.0.0.1:${server.port}`;
      expect((await request(url).get('/metrics')).status).toBe(401);
      const res = await request(url).get('/metrics').set('authorization', `Bearer ${adminToken}`);
      expect(res.status).toBe(200);
      const names = new Set(parsePrometheusTextFormat(res.text).map((f) => f.name));
      for (const name of [
        'convoqa_webhook_deliveries_total',
        'convoqa_hub_alerts_total',
        'convoqa_hub_mirror_lag_seconds',
        'convoqa_process_cpu_user_seconds_total',
      ])
        expect(names).toContain(name);
      // Queue depths and quota are the web process's (read at scrape), not every worker's.
      expect(names.has('convoqa_queue_jobs')).toBe(false);
    } finally {
      await server.stop();
    }
  });
});
