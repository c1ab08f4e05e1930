/**
 * The console's Alerts and Reports & quota pages in Chromium (browser-support.ts): an alert that
 * failed against the fake Slack (a channel that does not exist) is shown with Slack's answer,
 * its route fixed on the page (the evaluator shown by its mirrored name) and retried, and arrives
 * once; a test message and the digest are sent from the page (a digest Slack refuses everywhere
 * comes back with each channel's error, its run listed); the outbox pages with "Older"/"Newest"; a report's pull shows its cost first, spends nothing until confirmed, then
 * creates a run, moves the ledger and is exported as a CSV the page links to. A lead and a viewer
 * see no buttons and are refused (403) when they post anyway. Screenshots and axe on every page.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setEvaluatorChannel } from '../../src/hub/alerts/channel-routing.js';
import { createCriticalFailHook } from '../../src/hub/alerts/critical-fail-hook.js';
import { createConsoleUser } from '../../src/hub/console/users/manage-console-users.js';
import { mirrorTranscription } from '../../src/hub/mirror/mirror-transcription.js';
import { readLedgerRow } from '../../src/hub/reports/quota/quota-ledger.js';
import { defaultReportsSettings } from '../../src/hub/reports/reports-settings.js';
import type { RunningWorkers } from '../../src/queues/start-workers.js';
import { startFakeSlack, type FakeSlack } from '../fakes/fake-slack.js';
import { alertMessagesOf, slackHub } from '../hub/alerts/support.js';
import { createHarness, type Harness } from '../support/harness.js';
import { startHubStack, type HubStack } from '../support/hub-stack.js';
import { seedEvaluatedTranscription } from '../support/seed.js';
import { eventually } from '../support/webhook-receiver.js';
import { expectAccessible, launchBrowser, screenshot, signInOnConsole } from './browser-support.js';
import { closeInOrder } from '../support/close-in-order.js';

let h: Harness;
let fake: FakeSlack;
let stack: HubStack;
let worker: RunningWorkers;
let browser: Browser;
let exportsDir: string;
const password = 'correct horse battery staple';
const suffix = randomUUID().slice(0, 8);
const admin = { email: `admin-${suffix}@example.com`, name: 'Ada Admin' };
const lead = { email: `lead-${suffix}@example.com`, name: 'Lea Lead' };
const viewer = { email: `viewer-${suffix}@example.com`, name: 'Vic Viewer' };
let call: Awaited<ReturnType<typeof seedEvaluatedTranscription>>;
let alertId: string;
// The month before this one: a finished period with the seeded call in it.
const today = new Date();
const lastMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 10, 12)).toISOString().slice(0, 7);

beforeAll(async () => {
  h = createHarness();
  fake = await startFakeSlack({ channels: ['C0DEFAULT1', 'C0ROUTED01'] });
  exportsDir = path.join(h.dataDir, 'console-exports');
  stack = await startHubStack(h, {
    hub: (defaults) => {
      const slack = slackHub(fake, defaults);
      return {
        ...slack,
        settings: { ...slack.settings!, reports: { ...defaultReportsSettings, export: { kind: 'csv', dir: exportsDir } } },
      };
    },
  });
  worker = h.startWorker({ hub: stack.hub, mirrorHooks: [createCriticalFailHook(stack.hub)] });
  browser = await launchBrowser();
  await createConsoleUser(h.db, { ...admin, role: 'admin', password }, { kind: 'cli' });
  await createConsoleUser(h.db, { ...lead, role: 'lead', password }, { kind: 'cli' });
  await createConsoleUser(h.db, { ...viewer, role: 'viewer', password }, { kind: 'cli' });

  // A critical fail whose evaluator is routed to a channel Slack does not know: the alert fails for good.
  call = await seedEvaluatedTranscription(h.db, stack.account.id, { createdAt: new Date(`${lastMonth}-10T12:00:00Z`) });
  await setEvaluatorChannel(h.db, call.evaluatorId!, 'C0MISSING1');
  await mirrorTranscription(stack.hub, call.id, [createCriticalFailHook(stack.hub)]);
  const failed = await eventually(
    () => h.db.hubAlert.findFirst({ where: { transcriptionId: call.id, status: 'failed' } }).then((a) => a ?? undefined),
    15_000,
  );
  alertId = failed.id;
}, 90_000);
afterAll(() => closeInOrder(browser, worker, stack, h, fake));

const signedIn = (who: { email: string }, path: string) =>
  signInOnConsole(browser, { baseUrl: stack.baseUrl, email: who.email, password }, path);

/** Submits a form by clicking, and waits for the redirect's page. */
async function submit(page: Page, selector: string) {
  await Promise.all([page.waitForEvent('load'), page.click(selector)]);
}

const flash = (page: Page) => page.locator('p.flash').textContent();

describe('Alerts', () => {
  it("shows the failed alert with Slack's answer; an admin fixes its route, retries it (it arrives once), sends a test message and the digest", async () => {
    const { context, page } = await signedIn(admin, '/console/alerts?status=failed');
    const row = page.locator(`table.alerts tr[data-id="${alertId}"]`);
    expect(await row.getAttribute('data-status')).toBe('failed');
    expect(await row.locator('.slack-answer').textContent()).toContain('channel_not_found');
    expect(await page.locator('#f-status').inputValue()).toBe('failed');
    await screenshot(page, 'alerts-failed');
    await expectAccessible(page);

    // The route, edited in its row; then the retry.
    await page.fill(`#ch-${call.evaluatorId}`, 'C0ROUTED01');
    await submit(page, `tr[data-evaluator="${call.evaluatorId}"] form[action="/console/alerts/routes"] button`);
    expect(await flash(page)).toBe(`Alerts of evaluator ${call.evaluatorId} now go to C0ROUTED01, from the next alert on.`);
    expect(await page.locator(`tr[data-evaluator="${call.evaluatorId}"] .channel`).textContent()).toBe('C0ROUTED01');
    // A new route's evaluator is chosen by name from the mirror's evaluators.
    expect(await page.locator(`#route-evaluator option[value="${call.evaluatorId}"]`).textContent()).toBe('Support QA');
    // The evaluator by its name (from the mirror), its id as secondary text.
    const evaluatorName = page.locator(`tr[data-evaluator="${call.evaluatorId}"] .evaluator-name`);
    expect(await evaluatorName.textContent()).toBe('Support QA');
    expect(await evaluatorName.getAttribute('title')).toBe(call.evaluatorId);
    expect(await page.locator(`tr[data-evaluator="${call.evaluatorId}"] .evaluator-id`).textContent()).toBe(call.evaluatorId);
    await page.goto('/console/alerts?status=failed');
    await submit(page, `tr[data-id="${alertId}"] button`);
    expect(await flash(page)).toBe(`Alert ${alertId.slice(0, 8)} queued to send again.`);

    await eventually(() => h.db.hubAlert.findFirst({ where: { id: alertId, status: 'sent' } }).then((a) => a ?? undefined), 15_000);
    expect(alertMessagesOf(fake, call.id).map((m) => m.channel)).toEqual(['C0ROUTED01']);
    await page.goto('/console/alerts?status=sent');
    expect(await page.locator(`tr[data-id="${alertId}"] .slack-answer`).textContent()).toMatch(/^ok: message \d+\.\d+ in C0ROUTED01$/);

    // A test message to a channel, and one to a channel Slack does not know (the error, on the page).
    await page.fill('#test-channel', 'C0DEFAULT1');
    await submit(page, 'form[action="/console/alerts/test"] button');
    expect(await flash(page)).toMatch(/^Test message posted to C0DEFAULT1 \(ts \d+\.\d+\)\.$/);
    expect(fake.postsTo('C0DEFAULT1').some((m) => m.text.startsWith('convoqa test message'))).toBe(true);
    await page.fill('#test-channel', 'C0NOWHERE1');
    await submit(page, 'form[action="/console/alerts/test"] button');
    expect(await page.locator('p.flash.error').textContent()).toBe(
      'Slack cannot post to C0NOWHERE1: channel_not_found (is the bot invited to the channel?)',
    );

    // The digest, now, while Slack refuses every post: back on the page with each channel's error, the run listed.
    fake.script(
      'chat.postMessage',
      Array.from({ length: 50 }, () => ({ error: 'channel_not_found' })),
    );
    const runsBefore = await h.db.hubDigestRun.count();
    try {
      await submit(page, '#send-digest');
    } finally {
      fake.script('chat.postMessage', []);
    }
    expect(new URL(page.url()).hash).toBe('#digest-h');
    expect(await page.locator('p.flash.error').textContent()).toMatch(
      /^The digest was not posted to any channel: (.+; )?C0ROUTED01: channel_not_found \(.+\)(; .+)?\. The run is recorded below\.$/,
    );
    expect(await h.db.hubDigestRun.count()).toBe(runsBefore + 1);
    expect(await page.locator('table.digest-runs tbody tr').first().textContent()).toContain('C0ROUTED01: channel_not_found');
    await screenshot(page, 'alerts-digest-refused');
    await expectAccessible(page);

    // The digest, now: the call is still pending review, in its evaluator's channel.
    const before = fake.postsTo('C0ROUTED01').length;
    await submit(page, '#send-digest');
    expect(await flash(page)).toMatch(/^Digest of \d+ pending review: .*C0ROUTED01 posted/);
    expect(fake.postsTo('C0ROUTED01').length).toBe(before + 1);
    const lastRun = page.locator('table.digest-runs tbody tr').first();
    expect(await lastRun.textContent()).toContain('sent now');
    expect(await lastRun.textContent()).toContain('C0ROUTED01: posted');
    await screenshot(page, 'alerts-after-retry-and-digest');
    await expectAccessible(page);

    // More alerts than a page: "Older" shows the rest, "Newest" comes back (rows made for this, removed after).
    const base = Date.UTC(2100, 0, 1);
    const extra = Array.from({ length: 101 }, (_, i) => ({
      id: randomUUID(),
      transcriptionId: randomUUID(),
      kind: 'critical_fail',
      status: 'delivered_to_log',
      createdAt: new Date(base + i),
    }));
    await h.db.hubAlert.createMany({ data: extra });
    try {
      await page.goto('/console/alerts?status=delivered_to_log');
      expect(await page.locator('table.alerts tbody tr[data-id]').count()).toBe(100);
      expect(await page.locator(`tr[data-id="${extra[0].id}"]`).count()).toBe(0);
      await submit(page, '#alerts-older');
      expect(new URL(page.url()).searchParams.get('status')).toBe('delivered_to_log');
      expect(await page.locator(`table.alerts tr[data-id="${extra[0].id}"]`).count()).toBe(1);
      expect(await page.locator(`table.alerts tr[data-id="${extra[100].id}"]`).count()).toBe(0);
      await screenshot(page, 'alerts-older-page');
      await expectAccessible(page);
      await submit(page, '#alerts-newest');
      expect(await page.locator(`table.alerts tr[data-id="${extra[100].id}"]`).count()).toBe(1);
      // A cursor that is not one: a 400 page that says so.
      const bad = await page.goto('/console/alerts?cursor=not-a-cursor');
      expect(bad?.status()).toBe(400);
      expect(await page.locator('main').textContent()).toContain('Invalid filter: cursor: not a page cursor');
    } finally {
      await h.db.hubAlert.deleteMany({ where: { id: { in: extra.map((a) => a.id) } } });
    }
    await context.close();

    // Retried once: still a single message for the call.
    expect(alertMessagesOf(fake, call.id)).toHaveLength(1);
  }, 120_000);
});

describe('Reports & quota', () => {
  it('shows the quota, previews a pull without spending, then pulls after confirmation: a run, the ledger moved, a CSV export', async () => {
    const { context, page } = await signedIn(admin, '/console/reports');
    const spent = (endpoint: string) => page.locator(`#quota-${endpoint} [data-value=spent]`).textContent();
    expect(await spent('analytics-evaluator')).toBe('0');
    expect(await page.locator('#quota-analytics-evaluator [data-value=limit]').textContent()).toBe('500');
    expect(await page.locator('#quota-analytics-evaluator [data-value=reserve]').textContent()).toBe('50');
    await screenshot(page, 'reports-before-pull');
    await expectAccessible(page);

    await page.selectOption('#pull-kind', 'evaluator');
    // The subject is chosen by name (the mirror's evaluators and participants), its id sent.
    expect(await page.locator(`#pull-subject option[value="${call.evaluatorId!}"]`).textContent()).toBe('Support QA');
    await page.selectOption('#pull-subject', call.evaluatorId);
    await page.fill('#pull-period', lastMonth);
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/console/reports/pull'),
      page.click('form[action="/console/reports/pull"] button'),
    ]);
    expect(await page.locator('#cost').textContent()).toBe('1 call of analytics-evaluator');
    expect(await page.locator('#room-now').textContent()).toBe('500');
    expect(await page.locator('#room-after').textContent()).toBe('499');
    await screenshot(page, 'reports-pull-preview');
    await expectAccessible(page);
    // The preview spent nothing.
    const scope = (await stack.hub.upstream()).accountRef;
    expect(await readLedgerRow(h.db, scope, 'analytics-evaluator', new Date())).toMatchObject({ used: 0, reserved: 0 });
    expect(await h.db.hubReportRun.count({ where: { scope } })).toBe(0);

    await Promise.all([page.waitForURL((url) => url.pathname === '/console/reports'), page.click('#confirm-pull')]);
    expect(await flash(page)).toBe(
      `Pulled the evaluator report for ${lastMonth}: 1 row(s); 1 call of the quota spent; its export is queued.`,
    );
    expect(await readLedgerRow(h.db, scope, 'analytics-evaluator', new Date())).toMatchObject({ used: 1, reserved: 0 });
    expect(await spent('analytics-evaluator')).toBe('1');
    const run = await h.db.hubReportRun.findFirstOrThrow({ where: { scope, kind: 'evaluator', period: lastMonth } });
    expect(run.status).toBe('succeeded');

    // The worker exports it; the run's row links the CSV, which downloads.
    const link = await eventually(async () => {
      await page.reload();
      const anchor = page.locator(`tr[data-id="${run.id}"] td.export a`);
      return (await anchor.count()) ? anchor.getAttribute('href') : undefined;
    }, 20_000);
    expect(link).toMatch(/^\/console\/reports\/snapshots\/[0-9a-f-]{36}\/export\.csv$/);
    const csv = await page.request.get(link!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="?evaluator-${call.evaluatorId}-${lastMonth}\\.csv"?$`),
    );
    expect((await csv.text()).split('\n').filter(Boolean)).toHaveLength(2);
    await screenshot(page, 'reports-after-pull');
    await expectAccessible(page);

    // A period not started yet is refused before anything is spent, with the reason on the page.
    await page.goto(`/console/reports/pull?kind=account&period=2999-01`);
    expect(new URL(page.url()).pathname).toBe('/console/reports');
    expect(await page.locator('p.flash.error').textContent()).toMatch(/^Invalid period: 2999-01/);
    await context.close();
  }, 120_000);
});

describe('leads and viewers read only', () => {
  for (const who of [viewer, lead]) {
    it(`shows a ${who === viewer ? 'viewer' : 'lead'} no action buttons and refuses the posts (403)`, async () => {
      const role = who === viewer ? 'viewer' : 'lead';
      const { context, page } = await signedIn(who, '/console/alerts');
      expect(await page.locator(`tr[data-id="${alertId}"]`).count()).toBe(1);
      expect(await page.locator('main form[method=post]').count()).toBe(0);
      expect(await page.locator('main button').filter({ hasNotText: 'Apply filter' }).count()).toBe(0);
      await screenshot(page, `alerts-as-${role}`);
      await expectAccessible(page);
      const token = (await page.locator('meta[name=csrf-token]').getAttribute('content')) ?? '';

      await page.goto('/console/reports');
      expect(await page.locator('form[action="/console/reports/pull"]').count()).toBe(0);
      expect(await page.locator('#quota-analytics-evaluator').count()).toBe(1);
      await screenshot(page, `reports-as-${role}`);
      await expectAccessible(page);

      const refusal = { error: { code: 'forbidden', message: 'Only an admin can do this: your role reads these pages only' } };
      const json = { accept: 'application/json' };
      const digestRuns = await h.db.hubDigestRun.count();
      const usedBefore = (await readLedgerRow(h.db, (await stack.hub.upstream()).accountRef, 'analytics-evaluator', new Date())).used;
      for (const [url, form] of [
        [`/console/alerts/${alertId}/retry`, {}],
        ['/console/alerts/routes', { evaluator_id: call.evaluatorId!, channel: 'C0DEFAULT1' }],
        ['/console/alerts/test', { channel: 'C0DEFAULT1' }],
        ['/console/alerts/digest', {}],
        ['/console/reports/pull', { kind: 'evaluator', subject_id: call.evaluatorId!, period: lastMonth, confirm: 'yes' }],
      ] as const) {
        const res = await page.request.post(url, { form: { ...form, _csrf: token }, headers: json });
        expect(res.status(), url).toBe(403);
        expect(await res.json()).toEqual(refusal);
      }
      const preview = await page.request.get(`/console/reports/pull?kind=account&period=${lastMonth}`, { headers: json });
      expect(preview.status()).toBe(403);
      expect(await h.db.hubDigestRun.count()).toBe(digestRuns);
      expect((await readLedgerRow(h.db, (await stack.hub.upstream()).accountRef, 'analytics-evaluator', new Date())).used).toBe(usedBefore);
      expect((await h.db.hubAlertRoute.findUnique({ where: { evaluatorId: call.evaluatorId! } }))?.channel).toBe('C0ROUTED01');
      await context.close();
    }, 120_000);
  }
});
