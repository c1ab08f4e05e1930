/**
 * Every console page on a phone (390×844) in light and dark (docs/console.md, "Phones and dark
 * mode"): no horizontal scroll (the document is no wider than the viewport), a screenshot in each
 * theme, and no serious or critical axe-core violation in either. The sign-in page is seen signed
 * out; the rest by a signed-in admin, with one mirrored call to show.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const admin = { email: `admin-${randomUUID().slice(0, 8)}@example.com`, name: 'Ada Admin' };
let call: Awaited<ReturnType<typeof seedEvaluatedTranscription>>;
const phone = { width: 390, height: 844 };

beforeAll(async () => {
  h = createHarness();
  stack = await startHubStack(h);
  browser = await launchBrowser();
  await createConsoleUser(h.db, { ...admin, role: 'admin', password }, { kind: 'cli' });
  call = await seedEvaluatedTranscription(h.db, stack.account.id);
  await writeMirror(stack.hub, await stack.client.getTranscription({ transcription_id: call.id }));
}, 60_000);
afterAll(() => closeInOrder(browser, stack, h));

const pages = () => [
  { name: 'queue', path: '/console' },
  { name: 'calls', path: '/console/calls?tab=all&q=hello' },
  { name: 'call', path: `/console/calls/${call.id}` },
  { name: 'dashboard', path: '/console/dashboard' },
  { name: 'failed', path: '/console/failed' },
  { name: 'deliveries', path: '/console/deliveries' },
  { name: 'receipts', path: '/console/receipts' },
  { name: 'alerts', path: '/console/alerts' },
  { name: 'reports', path: '/console/reports' },
  { name: 'queues', path: '/console/queues' },
  { name: 'calibration', path: '/console/calibration' },
  { name: 'disputes', path: '/console/disputes' },
  { name: 'coaching', path: '/console/coaching' },
];

const documentWidth = (page: Page) =>
  page.evaluate(
    () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
  );

/** Width, screenshot and axe of the page as it is now; the findings, not yet asserted, so one run reports every page. */
async function inspect(page: Page, name: string, theme: string) {
  await page.waitForLoadState('load');
  const width = await documentWidth(page);
  await screenshot(page, `phone-${theme}-${name}`);
  const violations = await seriousViolations(page);
  return { page: name, theme, width, violations };
}

describe.each(['light', 'dark'] as const)('the console on a phone, %s theme', (theme) => {
  // Every page, each with a screenshot and an axe run: 30–34 s a theme with one of the two cores busy.
  it('has no page wider than the phone and no serious or critical axe violation', async () => {
    const context = await browser.newContext({ bypassCSP: true, baseURL: stack.baseUrl, viewport: phone, colorScheme: theme });
    const page = await context.newPage();
    const found = [];

    await page.goto('/console/sign-in');
    found.push(await inspect(page, 'sign-in', theme));
    await page.fill('#email', admin.email);
    await page.fill('#password', password);
    await Promise.all([page.waitForURL((url) => !url.pathname.endsWith('/sign-in')), page.click('button[type=submit]')]);

    for (const { name, path } of pages()) {
      await page.goto(path);
      found.push(await inspect(page, name, theme));
    }
    await context.close();

    expect(found.filter((f) => f.width > phone.width).map((f) => `${f.page}: ${f.width}px`)).toEqual([]);
    expect(found.filter((f) => f.violations.length > 0).map((f) => ({ page: f.page, violations: f.violations }))).toEqual([]);
  }, 180_000);
});
