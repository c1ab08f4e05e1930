import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCriticalFailMessage } from '../../src/hub/alerts/alert-blocks.js';
import { loadCriticalFailView } from '../../src/hub/alerts/critical-fail-view.js';
import { createConsoleUser } from '../../src/hub/console/users/manage-console-users.js';
import { writeMirror } from '../../src/hub/mirror/mirror-transcription.js';
import { createHarness, type Harness } from '../support/harness.js';
import { startHubStack, type HubStack } from '../support/hub-stack.js';
import { seedEvaluatedTranscription } from '../support/seed.js';
import { launchBrowser, screenshot, seriousViolations } from './browser-support.js';
import { closeInOrder } from '../support/close-in-order.js';

let h: Harness;
let stack: HubStack;
let browser: Browser;
const password = 'correct horse battery staple';
const lead = { email: `lead-${randomUUID().slice(0, 8)}@example.com`, name: 'Lea Lead' };
const viewer = { email: `viewer-${randomUUID().slice(0, 8)}@example.com`, name: 'Vic Viewer' };
let call: Awaited<ReturnType<typeof seedEvaluatedTranscription>>;

beforeAll(async () => {
  h = createHarness();
  stack = await startHubStack(h);
  browser = await launchBrowser();
  await createConsoleUser(h.db, { ...lead, role: 'lead', password }, { kind: 'cli' });
  await createConsoleUser(h.db, { ...viewer, role: 'viewer', password }, { kind: 'cli' });
  call = await seedEvaluatedTranscription(h.db, stack.account.id);
  await writeMirror(stack.hub, await stack.client.getTranscription({ transcription_id: call.id }));
}, 60_000);
afterAll(() => closeInOrder(browser, stack, h));

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ bypassCSP: true, baseURL: stack.baseUrl });
  return { context, page: await context.newPage() };
}

async function signIn(page: Page, who: { email: string }) {
  await page.fill('#email', who.email);
  await page.fill('#password', password);
  await Promise.all([page.waitForURL((url) => !url.pathname.endsWith('/sign-in')), page.click('button[type=submit]')]);
}

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

describe('the console in a browser', () => {
  it('signs in, refuses a wrong password, and shows the queue filtered from the URL', async () => {
    const { context, page } = await newPage();
    await page.goto('/console/sign-in');
    await expectAccessible(page);
    await page.fill('#email', lead.email);
    await page.fill('#password', 'not the password');
    await page.click('button[type=submit]');
    await expect(page.locator('#sign-in-error').textContent()).resolves.toBe('Wrong email or password.');
    await screenshot(page, 'sign-in-refused');
    await signIn(page, lead);
    expect(new URL(page.url()).pathname).toBe('/console');

    await page.goto(`/console?evaluator=${call.evaluator.id}`);
    const rows = page.locator('table.queue tbody tr[data-id]');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().getAttribute('data-id')).toBe(call.id);
    expect(await page.locator('#queue-count strong').textContent()).toBe('1');
    expect(await page.locator('#f-evaluator').inputValue()).toBe(call.evaluator.id);
    await screenshot(page, 'queue-filtered');
    await expectAccessible(page);
    await context.close();
  });

  it("opens a call from a Slack alert's link (sign-in, then back), moves its group upstream, and overrides verdicts", async () => {
    const view = await loadCriticalFailView(h.db, call.id);
    const message = buildCriticalFailMessage(view!, { publicBaseUrl: stack.baseUrl });
    const actions = message.blocks.find((b) => b.type === 'actions') as unknown as { elements: { url?: string }[] };
    const link = actions.elements[0]?.url as string;
    expect(link).toBe(`${stack.baseUrl}/console/calls/${call.id}`);

    const { context, page } = await newPage();
    await page.goto(link);
    expect(new URL(page.url()).pathname).toBe('/console/sign-in');
    await signIn(page, lead);
    expect(page.url()).toBe(link);
    expect(await page.locator('#effective-critical').textContent()).toBe('Yes');
    expect(await page.locator('#effective-score').textContent()).toBe('100');
    // The quote is one click away: the link targets the highlighted span in the transcript.
    await page.click('#criterion-1 a.show-quote');
    expect(await page.locator('.anchor:target + mark').textContent()).toBe('Hi');
    await screenshot(page, 'call-from-slack');
    await expectAccessible(page);

    await Promise.all([page.waitForURL(link), page.click('form.group-buttons button[value=UNDER_REVIEW]')]);
    expect(await page.locator('#group').textContent()).toBe('Under review');
    expect((await stack.client.getTranscription({ transcription_id: call.id })).group).toBe('UNDER_REVIEW');

    // The strict criterion overruled: no longer a critical fail. Then the weighted one: the score changes.
    await page.selectOption(`#v-${call.strict.id}`, 'PASS');
    await page.fill(`#r-${call.strict.id}`, 'The agent promised nothing: the refund was policy');
    await Promise.all([page.waitForLoadState('load'), page.click(`#criterion-1 button[value=override]`)]);
    expect(await page.locator('#effective-critical').textContent()).toBe('No');
    expect(await page.locator('#ai-critical').textContent()).toBe('Yes');
    await page.selectOption(`#v-${call.greeting.id}`, 'FAIL');
    await page.fill(`#r-${call.greeting.id}`, 'No greeting by name');
    await Promise.all([page.waitForLoadState('load'), page.click(`#criterion-0 button[value=override]`)]);
    expect(await page.locator('#effective-score').textContent()).toBe('0');
    expect(await page.locator('#ai-score').textContent()).toBe('100');
    expect(await page.locator('#criterion-0 .human-verdict').textContent()).toBe('FAIL');
    expect(await page.locator('#criterion-0 .ai-verdict').textContent()).toBe('PASS');
    expect(await page.locator('.history').textContent()).toContain('Override of “No promises”');
    await screenshot(page, 'call-overridden');
    await expectAccessible(page);

    // Without the CSRF token the same session is refused.
    const noToken = await page.request.post(`/console/calls/${call.id}/notes`, {
      form: { body: 'sneaky' },
      headers: { accept: 'application/json' },
    });
    expect(noToken.status()).toBe(403);
    expect(await noToken.json()).toEqual({
      error: { code: 'forbidden', message: 'Missing or invalid CSRF token: reload the page and try again' },
    });
    expect(await h.db.hubReviewNote.count({ where: { transcriptionId: call.id } })).toBe(0);
    await context.close();

    const review = await h.db.hubReview.findUniqueOrThrow({ where: { transcriptionId: call.id } });
    expect(review).toMatchObject({ effectiveScore: 0, effectiveCriticalFail: false, overrideCount: 2 });
  });

  it('lets a viewer read but not act: no buttons, and the request is refused', async () => {
    const { context, page } = await newPage();
    await page.goto(`/console/calls/${call.id}`);
    await signIn(page, viewer);
    expect(await page.locator('form.override').count()).toBe(0);
    expect(await page.locator('form.group-buttons').count()).toBe(0);
    await screenshot(page, 'call-as-viewer');
    const token = await page.locator('meta[name=csrf-token]').getAttribute('content');
    const refused = await page.request.post(`/console/calls/${call.id}/group`, {
      form: { group: 'ARCHIVED', _csrf: token ?? '' },
      headers: { accept: 'application/json' },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({
      error: { code: 'forbidden', message: 'Only a lead can do this: viewers have read-only access' },
    });
    expect((await stack.client.getTranscription({ transcription_id: call.id })).group).toBe('UNDER_REVIEW');
    await context.close();
  });

  it('draws the dashboard charts', async () => {
    const { context, page } = await newPage();
    await page.goto(`/console/dashboard?from=2026-02-01&to=2026-02-28&evaluator=${call.evaluator.id}`);
    await signIn(page, lead);
    await page.waitForSelector('body[data-charts-drawn=true]');
    const painted = await page.evaluate(() =>
      ['chart-timeline', 'chart-distribution', 'chart-criteria'].map((id) => {
        interface Canvas {
          width: number;
          height: number;
          getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
        }
        const doc = (globalThis as unknown as { document: { getElementById(id: string): Canvas } }).document;
        const canvas = doc.getElementById(id);
        const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        let count = 0;
        for (let i = 3; i < pixels.length; i += 4) if ((pixels[i] ?? 0) > 0) count += 1;
        return count;
      }),
    );
    for (const count of painted) expect(count).toBeGreaterThan(100);
    expect(await page.locator('.kpis').textContent()).toContain('1 reviewed, 2 overrides');
    await screenshot(page, 'dashboard');
    await expectAccessible(page);
    await context.close();
  });
});
