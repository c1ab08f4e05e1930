/**
 * The integrator's pages in Debian's Chromium (docs/console-deliveries.md): Deliveries, with real
 * deliveries that failed against a local receiver that was down, replayed (arriving once) and
 * recovered once it is up, a test event, a secret rotation; Receipts, with webhooks of every
 * outcome sent to the hub's receiver and a re-mirror. A viewer sees no button and is refused.
 * Screenshots in tmp/screenshots, axe-core on every page.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleUser } from '../../src/hub/console/users/manage-console-users.js';
import { recordReconcileRun, recordSyncState } from '../../src/hub/mirror/sync-state.js';
import { recordFailed } from '../../src/service/processing/record-outcome.js';
import { createHarness, type Harness, type TestAccount } from '../support/harness.js';
import { startHubStack, type HubStack } from '../support/hub-stack.js';
import { seedEvaluatedTranscription, seedTranscription, seedConfiguration } from '../support/seed.js';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { expectAccessible, launchBrowser, screenshot, signInOnConsole } from './browser-support.js';
import { closeInOrder } from '../support/close-in-order.js';
import { completedEventFor, postSignedWebhook } from '../support/post-signed-webhook.js';

let h: Harness;
let stack: HubStack;
let browser: Browser;
let account: TestAccount;
let port: number;
let receiver: WebhookReceiver | undefined;
const password = 'correct horse battery staple';
const admin = { email: `admin-${randomUUID().slice(0, 8)}@example.com`, name: 'Ada Admin' };
const viewer = { email: `viewer-${randomUUID().slice(0, 8)}@example.com`, name: 'Vic Viewer' };
const failedIds: string[] = [];
let configurationId: string;
const startedAt = new Date();

/** A free loopback port nothing listens on (yet): the receiver is down. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: free } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return free;
}

beforeAll(async () => {
  h = createHarness();
  stack = await startHubStack(h);
  h.startWorker({ webhookRetryDelaysMs: [20, 40], hub: { upstream: () => Promise.resolve(stack.client) } });
  browser = await launchBrowser();
  await createConsoleUser(h.db, { ...admin, role: 'admin', password }, { kind: 'cli' });
  await createConsoleUser(h.db, { ...viewer, role: 'viewer', password }, { kind: 'cli' });
  account = await h.createAccount();
  port = await freePort();
  const configuration = await seedConfiguration(h.db, account.id, {
    tag: 'crm-hooks',
    webhookSuccessUrl: `http://127.0.0.1:${port}/hooks`,
    webhookErrorUrl: `http://127.0.0.1:${port}/hooks`,
  });
  configurationId = configuration.id;
  // Three transcriptions fail while the receiver is down: three error webhooks, each failing 3 attempts.
  for (let i = 0; i < 3; i++) {
    const t = await seedTranscription(h.db, account.id, { configurationId });
    await recordFailed(
      h.processingContext(),
      { id: t.id, accountId: account.id, configurationId, name: null },
      { code: 'download_failed', message: 'gone' },
    );
    failedIds.push((await h.db.webhookDelivery.findFirstOrThrow({ where: { transcriptionId: t.id } })).id);
  }
  await eventually(async () => (await h.db.webhookDelivery.count({ where: { id: { in: failedIds }, status: 'failed' } })) === 3, 30_000);
}, 90_000);
afterAll(() => closeInOrder(receiver, browser, stack, h));

const signedIn = (who: { email: string }, path: string) =>
  signInOnConsole(browser, { baseUrl: stack.baseUrl, email: who.email, password }, path);

/** After a form's POST: the page its redirect leads to (the same URL as before) has loaded. */
const redirectedBack = async (page: Page) => {
  await page.waitForResponse((r) => r.request().method() === 'GET' && r.request().isNavigationRequest());
  await page.waitForLoadState('load');
};
const flash = (page: Page) => page.locator('p.flash[role=status]').textContent();
const delivery = (id: string) => h.db.webhookDelivery.findUniqueOrThrow({ where: { id } });

describe('the Deliveries page', () => {
  it('shows the failed deliveries with their attempts; an admin replays one once the receiver is up, and it arrives once', async () => {
    const { context, page } = await signedIn(admin, `/console/deliveries?account=${account.id}`);
    expect(await page.locator('#delivery-counts strong').textContent()).toBe('3');
    expect(await page.locator('#exhausted').textContent()).toContain('3 deliveries have run out of retries');
    const rows = page.locator('table.deliveries tbody tr[data-id]');
    expect(await rows.count()).toBe(3);
    const row = page.locator(`tr[data-id="${failedIds[0]}"]`);
    expect(await row.getAttribute('data-status')).toBe('failed');
    expect(await row.locator('.status').textContent()).toBe('Failed: retries exhausted');
    expect(await row.locator('td.attempts').textContent()).toBe('3');
    expect(await row.locator('td.url').textContent()).toBe(`http://127.0.0.1:${port}/hooks`);
    expect(await row.textContent()).toMatch(/ECONNREFUSED|refused/i);
    await screenshot(page, 'deliveries-failed');
    await expectAccessible(page);

    // The filter lives in the URL.
    await page.selectOption('#f-status', 'delivered');
    await Promise.all([page.waitForURL(/status=delivered/), page.click('form[aria-label=Filters] button[type=submit]')]);
    expect(await page.locator('table.deliveries tbody tr[data-id]').count()).toBe(0);
    await page.goto(`/console/deliveries?account=${account.id}&status=failed`);
    expect(await rows.count()).toBe(3);

    receiver = await startWebhookReceiver(() => account.webhookSecret, { port });
    await Promise.all([page.waitForURL(/\/console\/deliveries\//), row.locator('form.replay button').click()]);
    expect(await flash(page)).toContain(`Delivery ${failedIds[0].slice(0, 8)} queued again`);
    await eventually(async () => (await delivery(failedIds[0])).status === 'delivered' || undefined, 20_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]?.headers['webhook-id']).toBe(failedIds[0]);
    expect(receiver.received[0]?.verified).toMatchObject({ type: 'transcription.failed' });

    // The delivery's page lists every attempt: three refused, the replay's one delivered.
    await page.reload();
    expect(await page.locator('#delivery-status').textContent()).toBe('Delivered');
    expect(await page.locator('table.attempts tbody tr').count()).toBe(4);
    expect(await page.locator('table.attempts tbody tr').nth(3).textContent()).toContain('200');
    await screenshot(page, 'delivery-replayed');
    await expectAccessible(page);
    await context.close();
  }, 120_000);

  it('recovers the failed ones since a time, showing how many first; sends a test event; rotates the secret', async () => {
    const { context, page } = await signedIn(admin, `/console/deliveries?account=${account.id}`);
    await page.fill('#recover-since', startedAt.toISOString().slice(0, 16));
    await Promise.all([page.waitForURL(/\/deliveries\/recover/), page.click('#recover-form button[type=submit]')]);
    expect(await page.locator('#recover-count strong').textContent()).toBe('2');
    await screenshot(page, 'deliveries-recover-confirm');
    await expectAccessible(page);
    await Promise.all([page.waitForURL(/\/console\/deliveries\?/), page.click('#recover-confirm')]);
    expect(await flash(page)).toMatch(/^Re-sent 2 failed deliveries created since /);
    const got = await receiver!.waitFor(3, 20_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(got.map((w) => w.headers['webhook-id']).sort()).toEqual([...failedIds].sort());

    await page.selectOption('#test-configuration', configurationId);
    await Promise.all([page.waitForURL(/\/console\/deliveries\?/), page.click('#test-form button[type=submit]')]);
    expect(await flash(page)).toBe('Test event queued to 1 URL: it is listed below like any delivery.');
    const [ping] = (await receiver!.waitFor(4, 20_000)).slice(3);
    expect(ping?.verified).toMatchObject({ type: 'test.ping', data: { configuration_id: configurationId } });

    await page.fill('#rotate-overlap', '2h');
    await Promise.all([page.waitForURL(/\/console\/deliveries\?/), page.click('#rotate-form button[type=submit]')]);
    const rotated = await h.db.account.findUniqueOrThrow({ where: { id: account.id } });
    expect(rotated.previousWebhookSecret).toBe(account.webhookSecret);
    const text = (await flash(page)) ?? '';
    expect(text).toContain(`New secret, shown only this once: ${rotated.webhookSecret}`);
    expect(text).toContain(`until ${rotated.previousWebhookSecretExpiresAt!.toISOString().slice(0, 16).replace('T', ' ')} UTC`);
    expect(await page.locator('#secret-state').textContent()).toContain('the previous secret also signs every webhook until');
    expect(await page.locator('#delivery-counts strong').textContent()).toBe('0');
    await screenshot(page, 'deliveries-rotated');
    await expectAccessible(page);
    // Shown once: the next page no longer has it.
    await page.reload();
    expect(await page.content()).not.toContain(rotated.webhookSecret);

    // A refused input is a clear message on the page it came from.
    await page.fill('#rotate-overlap', '45d');
    await page.locator('#rotate-overlap').evaluate((input) => input.removeAttribute('pattern'));
    await Promise.all([redirectedBack(page), page.click('#rotate-form button[type=submit]')]);
    expect(await page.locator('p.flash.error[role=status]').textContent()).toBe('Invalid overlap: between 0 and 30 days');
    await context.close();
  }, 120_000);

  it('lets a viewer read deliveries but not act: no buttons, and the requests are refused', async () => {
    const { context, page } = await signedIn(viewer, `/console/deliveries?account=${account.id}`);
    expect(await page.locator('table.deliveries tbody tr[data-id]').count()).toBe(4);
    expect(await page.locator('form.replay').count()).toBe(0);
    expect(await page.locator('#recover-form, #test-form, #rotate-form').count()).toBe(0);
    await screenshot(page, 'deliveries-as-viewer');
    await expectAccessible(page);
    const token = (await page.locator('meta[name=csrf-token]').getAttribute('content')) ?? '';
    const before = await delivery(failedIds[1]);
    for (const [path, form] of [
      [`/console/deliveries/${failedIds[1]}/replay`, { account: account.id }],
      ['/console/deliveries/recover', { account: account.id, since: startedAt.toISOString() }],
      ['/console/deliveries/rotate-secret', { account: account.id, overlap: '1h' }],
      ['/console/deliveries/test', { account: account.id, configuration: configurationId }],
    ] as const) {
      const refused = await page.request.post(path, { form: { ...form, _csrf: token }, headers: { accept: 'application/json' } });
      expect(refused.status()).toBe(403);
      expect(await refused.json()).toEqual({
        error: { code: 'forbidden', message: 'Only an admin can do this: your role reads these pages only' },
      });
    }
    expect((await delivery(failedIds[1])).replayCount).toBe(before.replayCount);
    await context.close();
  }, 120_000);
});

describe('the Receipts page', () => {
  /** POSTs a webhook to the hub's receiver, signed with `secret` (by default the account's) at `at`. */
  const sendWebhook = (body: string, options: { id?: string; secret?: string; at?: Date } = {}) =>
    postSignedWebhook(stack.app, options.secret ?? stack.account.webhookSecret, body, options);
  const eventFor = completedEventFor;

  it('shows receipts of every outcome with their mirror job; an admin re-mirrors a transcription; a viewer cannot', async () => {
    const seeded = await seedEvaluatedTranscription(h.db, stack.account.id);
    const webhookId = randomUUID();
    expect((await sendWebhook(eventFor(seeded.id), { id: webhookId })).status).toBe(202);
    expect((await sendWebhook(eventFor(seeded.id), { id: webhookId })).body).toEqual({ data: { received: true, duplicate: true } });
    expect((await sendWebhook(eventFor(seeded.id), { secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}` })).status).toBe(401);
    expect((await sendWebhook(eventFor(seeded.id), { at: new Date(Date.now() - 3_600_000) })).status).toBe(401);
    expect((await sendWebhook('{"type": "transcription.completed", "data": {}}')).status).toBe(400);
    await eventually(async () => (await h.db.hubTranscription.findUnique({ where: { id: seeded.id } })) ?? undefined, 20_000);
    // The page lists the reconciliation's runs: one failed, then one that found something. Recorded
    // rather than run: a real reconciliation compares the upstream's list with the whole shared mirror
    // and would queue other test files' rows as gone (reconcile-mirror.ts is tested on its own database).
    await recordReconcileRun(h.db, { ok: false, lastReconcileAt: new Date().toISOString(), error: 'upstream unreachable' });
    const report = { listed: 7, queuedNew: 1, queuedChanged: 2, queuedGone: 0, queuedUnsent: 1, listCut: false };
    await recordSyncState(h.db, { lastReconcileAt: new Date().toISOString(), ...report });

    const { context, page } = await signedIn(admin, `/console/receipts?transcription=${seeded.id}`);
    const row = page.locator(`table.receipts tr[data-transcription="${seeded.id}"]`);
    expect(await row.count()).toBe(1);
    expect(await row.getAttribute('data-job-state')).toBe('mirrored');
    expect(await row.textContent()).toContain('+ 1 duplicate');
    for (const outcome of ['accepted', 'duplicate', 'bad_signature', 'stale', 'malformed']) {
      expect(Number(await page.locator(`#outcome-counts li[data-outcome=${outcome}] .kpi`).textContent())).toBeGreaterThanOrEqual(1);
    }
    const runs = page.locator('table.runs tbody tr');
    expect(await runs.nth(0).textContent()).toContain(
      `OK${report.listCut ? ' (list cut short: deletions not checked)' : ''}${report.listed}`,
    );
    expect(await runs.nth(1).textContent()).toContain('upstream unreachable');
    await screenshot(page, 'receipts');
    await expectAccessible(page);

    await page.goto('/console/receipts?outcome=bad_signature');
    expect(await page.locator('table.receipts').count()).toBe(0);
    expect(await page.locator('table.rejections tbody tr[data-outcome=bad_signature]').count()).toBeGreaterThanOrEqual(1);
    expect(await page.locator('table.rejections tbody tr[data-outcome]:not([data-outcome=bad_signature])').count()).toBe(0);
    await screenshot(page, 'receipts-bad-signature');
    await expectAccessible(page);

    // Re-mirror: the job is queued and the worker mirrors it again.
    const before = (await h.db.hubTranscription.findUniqueOrThrow({ where: { id: seeded.id } })).mirroredAt;
    await page.goto(`/console/receipts?transcription=${seeded.id}`);
    await Promise.all([redirectedBack(page), row.locator('form.remirror button').click()]);
    expect(await flash(page)).toMatch(new RegExp(`^Mirror of ${seeded.id} queued \\(job mirror-${seeded.id}`));
    await eventually(async () => (await h.db.hubTranscription.findUniqueOrThrow({ where: { id: seeded.id } })).mirroredAt > before, 20_000);

    // An id that is not one: a clear message on the page.
    await page.fill('#remirror-id', 'not-an-id');
    await Promise.all([redirectedBack(page), page.click('#remirror-form button[type=submit]')]);
    expect(await page.locator('p.flash.error[role=status]').textContent()).toBe(
      'Cannot re-mirror: transcription_id: not a transcription id',
    );
    await context.close();

    const viewing = await signedIn(viewer, `/console/receipts?transcription=${seeded.id}`);
    expect(await viewing.page.locator('form.remirror, #remirror-form').count()).toBe(0);
    await screenshot(viewing.page, 'receipts-as-viewer');
    await expectAccessible(viewing.page);
    const token = (await viewing.page.locator('meta[name=csrf-token]').getAttribute('content')) ?? '';
    const refused = await viewing.page.request.post('/console/receipts/remirror', {
      form: { transcription_id: seeded.id, _csrf: token },
      headers: { accept: 'application/json' },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({
      error: { code: 'forbidden', message: 'Only an admin can do this: your role reads these pages only' },
    });
    expect(await h.jobs.queue('hub.mirror-transcription').getJob(`mirror-${seeded.id}`)).toBeUndefined();
    await viewing.context.close();
  }, 120_000);
});
