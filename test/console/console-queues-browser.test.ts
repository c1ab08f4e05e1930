/**
 * The Queues page in a browser, on real BullMQ queues in the test Redis: mirror jobs fail for real
 * (the upstream is down, every attempt used), an admin sees them with their reason and retries one,
 * then all; each runs again and the call reaches the hub. A viewer and a lead see no retry button
 * and are refused (403); a lead still acts on reviews.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleUser } from '../../src/hub/console/users/manage-console-users.js';
import { enqueueMirror } from '../../src/hub/mirror/enqueue-mirror.js';
import type { ConsoleRole } from '../../src/hub/console/users/console-user.js';
import { createHarness, type Harness } from '../support/harness.js';
import { startHubStack, type HubStack } from '../support/hub-stack.js';
import { seedTranscription } from '../support/seed.js';
import { eventually } from '../support/webhook-receiver.js';
import { launchBrowser, screenshot, seriousViolations } from './browser-support.js';
import { closeInOrder } from '../support/close-in-order.js';

let h: Harness;
let stack: HubStack;
let browser: Browser;
let isUpstreamUp = false;
const password = 'correct horse battery staple';
const people = (['admin', 'lead', 'viewer'] as const).map((role) => ({
  role,
  email: `${role}-${randomUUID().slice(0, 8)}@example.com`,
  name: `Q ${role}`,
}));
const who = (role: ConsoleRole) => people.find((p) => p.role === role) as (typeof people)[number];
const queue = 'hub.mirror-transcription';
let calls: { id: string }[] = [];

beforeAll(async () => {
  h = createHarness();
  stack = await startHubStack(h);
  // The worker's upstream is down until the test brings it back: mirror jobs fail for real.
  h.startWorker({
    hub: { upstream: () => (isUpstreamUp ? Promise.resolve(stack.client) : Promise.reject(new Error('upstream unreachable (test)'))) },
  });
  browser = await launchBrowser();
  for (const person of people) await createConsoleUser(h.db, { ...person, password }, { kind: 'cli' });
  calls = await Promise.all(
    [1, 2, 3].map(() => seedTranscription(h.db, stack.account.id, { status: 'COMPLETED', completedAt: new Date() })),
  );
  for (const call of calls) await enqueueMirror(h.jobs, call.id);
  // Ten attempts each (backoff shrunk by the harness): about five seconds until all three are failed.
  await eventually(async () => (await h.jobs.queue(queue).getFailedCount()) === 3, 40_000);
}, 90_000);
afterAll(() => closeInOrder(browser, stack, h));

async function signedIn(role: ConsoleRole, path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ bypassCSP: true, baseURL: stack.baseUrl });
  const page = await context.newPage();
  await page.goto(path);
  await page.fill('#email', who(role).email);
  await page.fill('#password', password);
  await Promise.all([page.waitForURL((url) => !url.pathname.endsWith('/sign-in')), page.click('button[type=submit]')]);
  return { context, page };
}

const jobRow = (page: Page, id: string) => page.locator(`table.failed-jobs tr[data-job="mirror-${id}"]`);
const isMirrored = async (id: string) => (await h.db.hubTranscription.findUnique({ where: { id } })) !== null;

describe('the Queues page', () => {
  it('shows a viewer the counts and failed jobs, without buttons, and refuses the retry', async () => {
    const { context, page } = await signedIn('viewer', '/console/queues');
    expect(new URL(page.url()).pathname).toBe('/console/queues');
    expect(await page.locator(`tr[data-queue="${queue}"] td[data-state=failed]`).textContent()).toBe('3');
    expect(await page.locator('nav a[aria-current=page]').textContent()).toBe('Queues');
    await page.click(`tr[data-queue="${queue}"] a`);
    expect(new URL(page.url()).pathname).toBe(`/console/queues/${queue}`);
    expect(await page.locator('table.failed-jobs tbody tr[data-job]').count()).toBe(3);
    expect(await page.locator('form[action*="/retry"]').count()).toBe(0);
    expect(await page.locator('main').textContent()).toContain('Read-only access: an admin retries failed jobs.');
    await screenshot(page, 'queues-as-viewer');
    expect(await seriousViolations(page)).toEqual([]);

    const token = (await page.locator('meta[name=csrf-token]').getAttribute('content')) ?? '';
    const refused = await page.request.post(`/console/queues/${queue}/jobs/mirror-${calls[0]?.id}/retry`, {
      form: { _csrf: token },
      headers: { accept: 'application/json' },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({
      error: { code: 'forbidden', message: 'Only an admin can do this: your role reads these pages only' },
    });
    expect(await h.jobs.queue(queue).getFailedCount()).toBe(3);
    await context.close();
  }, 60_000);

  it("refuses a lead the retries too (integration changes are an admin's)", async () => {
    const { context, page } = await signedIn('lead', `/console/queues/${queue}`);
    expect(await page.locator('form[action*="/retry"]').count()).toBe(0);
    const token = (await page.locator('meta[name=csrf-token]').getAttribute('content')) ?? '';
    for (const path of [`/console/queues/${queue}/failed/retry`, `/console/queues/${queue}/jobs/mirror-${calls[0]?.id}/retry`]) {
      const refused = await page.request.post(path, { form: { _csrf: token }, headers: { accept: 'application/json' } });
      expect(refused.status(), path).toBe(403);
      expect(await refused.json()).toEqual({
        error: { code: 'forbidden', message: 'Only an admin can do this: your role reads these pages only' },
      });
    }
    expect(await h.jobs.queue(queue).getFailedCount()).toBe(3);
    await context.close();
  }, 60_000);

  it('lets an admin retry one failed job, then all: each runs again and its call reaches the hub', async () => {
    const [first, second, third] = calls.map((c) => c.id) as [string, string, string];
    const { context, page } = await signedIn('admin', '/console/queues');
    expect(await page.locator('#failed-total strong').textContent()).toBe('3');
    await screenshot(page, 'queues');
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`/console/queues/${queue}`);
    const row = jobRow(page, first);
    expect(await row.locator('td.data').textContent()).toBe(`transcriptionId=${first}`);
    expect(await row.locator('td.reason').textContent()).toContain('upstream unreachable (test)');
    expect(await row.locator('td').nth(3).textContent()).toBe('10 of 10');
    expect(await page.locator('#queue-counts dd[data-state=failed]').textContent()).toBe('3');
    await screenshot(page, 'queue-failed-jobs');
    expect(await seriousViolations(page)).toEqual([]);

    // The upstream is back: one job retried from its row runs again and mirrors its call.
    isUpstreamUp = true;
    await Promise.all([page.waitForLoadState('load'), row.locator('button').click()]);
    expect(await page.locator('.flash.ok').textContent()).toBe(`Job mirror-${first} queued again: it runs when a worker is free.`);
    await eventually(() => isMirrored(first), 60_000);
    expect(await isMirrored(second)).toBe(false);
    expect(await h.jobs.queue(queue).getFailedCount()).toBe(2);

    // Retrying a job that is no longer failed says so (a second tab, a colleague).
    const token = (await page.locator('meta[name=csrf-token]').getAttribute('content')) ?? '';
    const again = await page.request.post(`/console/queues/${queue}/jobs/mirror-${first}/retry`, {
      form: { _csrf: token },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(303);

    await page.goto(`/console/queues/${queue}`);
    expect(await page.locator('.flash.error').textContent()).toMatch(
      new RegExp(`^Not retried: (No job mirror-${first} in ${queue}|Job mirror-${first} is not failed)`),
    );
    expect(await page.locator('table.failed-jobs tbody tr[data-job]').count()).toBe(2);
    await Promise.all([page.waitForLoadState('load'), page.click('#retry-all button')]);
    expect(await page.locator('.flash.ok').textContent()).toBe('2 failed jobs queued again.');
    await eventually(async () => (await isMirrored(second)) && (await isMirrored(third)), 60_000);
    // Had one failed again, its reason would be on the page (and here).
    expect((await h.jobs.queue(queue).getFailed()).map((job) => `${job.id}: ${job.failedReason}`)).toEqual([]);
    await page.reload();
    expect(await page.locator('table.failed-jobs tbody').textContent()).toContain('No failed job in this queue.');
    await screenshot(page, 'queue-retried');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  }, 120_000);

  it('still lets a lead act on reviews', async () => {
    const id = calls[0]?.id;
    const { context, page } = await signedIn('lead', `/console/calls/${id}`);
    const token = (await page.locator('meta[name=csrf-token]').getAttribute('content')) ?? '';
    const noted = await page.request.post(`/console/calls/${id}/notes`, {
      form: { _csrf: token, body: 'Checked after the outage' },
      maxRedirects: 0,
    });
    expect(noted.status()).toBe(303);
    expect(await h.db.hubReviewNote.count({ where: { transcriptionId: id } })).toBe(1);
    await context.close();
  }, 60_000);
});
