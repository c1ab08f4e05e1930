/**
 * Scenario: Slack and Google Sheets unreachable for a while, then back (then answering 429 and
 * 5xx for a bit), while critical fails arrive and reports are pulled on demand.
 *
 * Both fakes sit behind TCP proxies that refuse connections during the outage, the way a network
 * or provider outage looks to the hub. What it proves: every critical fail that arrived during the
 * outage is posted to Slack exactly once after it (the outbox keeps the alert, send-alert retries
 * it; a 429 re-delays it), and every report pulled during the outage is written to its Sheets tab
 * exactly once, with the summary, after it (hub.export-report retries; the export is idempotent).
 * The outage lasts until each alert and export has failed at least twice, within their retry
 * budget (send-alert: 8 attempts; export: 5), so the retries, not an operator, deliver them; an
 * outage longer than that ends `failed`, kept for POST /admin/alerts/:id/retry.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCriticalFailHook } from '../../src/hub/alerts/critical-fail-hook.js';
import { createSlackWebNotifier } from '../../src/hub/alerts/slack-web-notifier.js';
import { createJobQueues, type JobQueues } from '../../src/queues/job-queues.js';
import { defaultReportsSettings } from '../../src/hub/reports/reports-settings.js';
import { startFakeSheets, type FakeSheets } from '../fakes/fake-sheets.js';
import { startFakeSlack, type FakeSlack } from '../fakes/fake-slack.js';
import { alertMessagesOf, signedWebhook } from '../hub/alerts/support.js';
import { seedEvaluatedTranscription } from '../hub/client/support.js';
import { createHarness, type Harness } from '../support/harness.js';
import { adminToken, startHubStack, type HubStack } from '../support/hub-stack.js';
import { startTcpProxyFor, type TcpProxy } from '../support/tcp-proxy.js';
import { eventually } from '../support/webhook-receiver.js';
import { reportScenario } from './support/report-scenario.js';
import { closeInOrder } from '../support/close-in-order.js';

const criticalFails = 12;
let h: Harness;
/** The hub's queues, retries backing off 5% of production (the harness's 1% spent a whole alert's budget in one outage at load 12). */
let hubJobs: JobQueues;
let slack: FakeSlack;
let sheets: FakeSheets;
let slackProxy: TcpProxy & { url: string };
let sheetsProxy: TcpProxy & { url: string };
let stack: HubStack;

/** Another URL of the same server (the token endpoint beside the Sheets API), through its proxy. */
const viaProxy = (url: string, proxy: TcpProxy) => Object.assign(new URL(url), { port: String(proxy.port) }).toString();

beforeAll(async () => {
  h = createHarness();
  // Alerts arrive over a few seconds and the outage lasts until the last has failed twice: with
  // 1% backoff (8 attempts in about 6 s) the first alert, at load 12, used all its attempts before
  // the last had its second and ended failed (ECONNREFUSED x8), beyond what the scenario is about.
  // 5%: about 32 s of retries, production's 10 minutes scaled.
  hubJobs = createJobQueues(h.redis, h.queuePrefix, { backoffScale: 0.05 });
  slack = await startFakeSlack({ channels: ['C0DEFAULT1'] });
  sheets = await startFakeSheets();
  slackProxy = await startTcpProxyFor(slack.apiUrl);
  sheetsProxy = await startTcpProxyFor(sheets.rootUrl);
  stack = await startHubStack(h, {
    hub: (defaults) => ({
      jobs: hubJobs,
      slack: createSlackWebNotifier({ botToken: slack.token, apiUrl: slackProxy.url, timeoutMs: 2_000, logger: defaults.logger }),
      settings: {
        ...defaults.settings,
        // The seeded calls completed in February: alert on them all the same.
        slack: { ...defaults.settings.slack, defaultChannel: 'C0DEFAULT1', alertMaxAgeMs: 3_650 * 86_400_000 },
        reports: {
          ...defaultReportsSettings,
          export: {
            kind: 'sheets',
            spreadsheetId: sheets.spreadsheetId,
            credentials: { ...sheets.credentials, token_uri: viaProxy(sheets.tokenUri, sheetsProxy) },
            rootUrl: sheetsProxy.url,
            maxRequestBytes: 8_000_000,
            timeoutMs: 2_000,
            retry: { maxRetries: 1, baseDelayMs: 50, maxDelayMs: 200 },
          },
        },
      },
    }),
  });
  const hook = createCriticalFailHook(stack.hub);
  // Two workers, as two worker processes would run.
  h.startWorker({ hub: stack.hub, mirrorHooks: [hook] });
  h.startWorker({ hub: stack.hub, mirrorHooks: [hook] });
}, 60_000);
afterAll(() => closeInOrder(h, stack, hubJobs, slackProxy, sheetsProxy, slack, sheets));

const admin = (path: string, body: object) =>
  request(stack.app).post(`/admin${path}`).set('authorization', `Bearer ${adminToken}`).send(body);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Slack and Sheets down for a while, then back', () => {
  it('delivers every alert and every export exactly once after they recover', async () => {
    await slackProxy.down();
    await sheetsProxy.down();

    // Critical fails arrive and are mirrored; their alerts wait in the outbox.
    const ids: string[] = [];
    const evaluatorIds: string[] = [];
    let accepted = 0;
    for (let i = 0; i < criticalFails; i += 1) {
      const seeded = await seedEvaluatedTranscription(h.db, stack.account.id);
      ids.push(seeded.id);
      evaluatorIds.push(seeded.evaluatorId!);
      const hook = signedWebhook(stack.account.webhookSecret, seeded.id);
      const answer = await request(stack.app).post('/webhooks/transcriptions/success').set(hook.headers).send(hook.body);
      if (answer.status === 202) accepted += 1;
    }

    // Reports pulled on demand (the built-in API is up); their exports wait for Sheets.
    const reportRequests = [
      { kind: 'account', period: '2026-02' },
      { kind: 'evaluator', subject_id: evaluatorIds[0], period: '2026-02' },
      { kind: 'evaluator', subject_id: evaluatorIds[1], period: '2026-W06' },
    ];
    const snapshotIds: string[] = [];
    const exportJobIds: string[] = [];
    for (const body of reportRequests) {
      const res = await admin('/reports/runs', body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      snapshotIds.push((res.body.data.run.snapshot as { id: string }).id);
      exportJobIds.push(res.body.data.export_job_id as string);
    }

    // The outage lasts until every alert and every export has failed at least twice.
    await eventually(
      async () => {
        const alerts = await h.db.hubAlert.findMany({ where: { transcriptionId: { in: ids } }, select: { attempts: true } });
        return alerts.length === criticalFails && alerts.every((a) => a.attempts >= 2) ? true : undefined;
      },
      30_000,
      100,
    );
    const exportJobs = h.jobs.queue('hub.export-report');
    await eventually(
      async () => {
        const attempts = await Promise.all(exportJobIds.map(async (id) => (await exportJobs.getJob(id))?.attemptsMade ?? 0));
        return attempts.every((n) => n >= 2) ? true : undefined;
      },
      30_000,
      100,
    );
    const duringOutage = {
      slackReached: slack.calls.length,
      sheetsReached: sheets.requests.length,
      alertsSent: await h.db.hubAlert.count({ where: { transcriptionId: { in: ids }, status: 'sent' } }),
      exported: await h.db.hubReportSnapshot.count({ where: { id: { in: snapshotIds }, exportedAt: { not: null } } }),
      exportErrors: await h.db.hubReportSnapshot.count({ where: { id: { in: snapshotIds }, exportError: { not: null } } }),
    };

    // Back, though not all well at first: Slack rate-limits twice, Sheets answers a 503 and a 429.
    slack.script('chat.postMessage', [
      { status: 429, retryAfter: 1 },
      { status: 429, retryAfter: 1 },
    ]);
    sheets.failNext('batchUpdate', 503);
    sheets.failNext('values.batchUpdate', 429, { 'retry-after': '0' });
    await slackProxy.up();
    await sheetsProxy.up();

    await eventually(
      async () =>
        (await h.db.hubAlert.count({ where: { transcriptionId: { in: ids }, status: 'sent' } })) === criticalFails ? true : undefined,
      40_000,
      200,
    );
    await eventually(
      async () =>
        (await h.db.hubReportSnapshot.count({ where: { id: { in: snapshotIds }, exportedAt: { not: null } } })) === snapshotIds.length
          ? true
          : undefined,
      40_000,
      200,
    );
    await sleep(1_500); // room for a late duplicate to show up

    const messagesPer = ids.map((id) => alertMessagesOf(slack, id).length);
    const alertRows = await h.db.hubAlert.findMany({ where: { transcriptionId: { in: ids } } });
    const snapshots = await h.db.hubReportSnapshot.findMany({ where: { id: { in: snapshotIds } } });
    const tabs = snapshots.map((s) => sheets.tab(s.exportTarget ?? ''));
    // A report's tab holds its rows once: the header and one line per raw_data row, nothing appended twice.
    const tabsWithExactRows = snapshots.filter((s, i) => tabs[i]?.values.filter((r) => r.length > 0).length === s.rowCount + 1).length;
    const summaryRows = (sheets.tab('summary')?.values.filter((r) => r.length > 0).length ?? 0) - 1;
    const counts = {
      accepted,
      mirrored: await h.db.hubTranscription.count({ where: { id: { in: ids } } }),
      slack_calls_during_outage: duringOutage.slackReached,
      sheets_calls_during_outage: duringOutage.sheetsReached,
      slack_429s: slack.calls.filter((c) => c.status === 429).length,
      sheets_failed_answers: sheets.requests.filter((r) => r.status >= 400).length,
      alerts_sent: alertRows.filter((a) => a.status === 'sent').length,
      alert_messages: messagesPer.reduce((a, b) => a + b, 0),
      reports_pulled: snapshotIds.length,
      exported: snapshots.filter((s) => s.exportedAt).length,
      tabs_with_exact_rows: tabsWithExactRows,
      summary_rows: summaryRows,
      duplicates: messagesPer.reduce((n, m) => n + Math.max(0, m - 1), 0) + Math.max(0, alertRows.length - criticalFails),
      lost: messagesPer.filter((m) => m === 0).length + snapshots.filter((s) => !s.exportedAt).length,
    };
    reportScenario('slack-sheets-outage', counts);

    expect(counts.accepted).toBe(criticalFails);
    expect(counts.mirrored).toBe(criticalFails);
    expect(counts.duplicates).toBe(0);
    expect(counts.lost).toBe(0);
    // The outage was real: nothing reached either fake, nothing was delivered, the exports recorded why.
    expect(duringOutage).toMatchObject({ slackReached: 0, sheetsReached: 0, alertsSent: 0, exported: 0, exportErrors: snapshotIds.length });
    // And the recovery was bumpy: the scripted 429s and 5xx were answered and retried.
    expect(counts.slack_429s).toBe(2);
    expect(counts.sheets_failed_answers).toBe(2);
    expect(counts.alerts_sent).toBe(criticalFails);
    expect(counts.alert_messages).toBe(criticalFails);
    expect(counts.tabs_with_exact_rows).toBe(snapshotIds.length);
    expect(counts.summary_rows).toBe(snapshotIds.length);
    expect(snapshots.every((s) => s.exportError === null)).toBe(true);
  }, 150_000);
});
