/**
 * The review loop in Chromium (docs/console.md "The fast loop" and "Sampling"): "Save and next"
 * walks the calls of a filtered queue in its order; the keyboard moves to the next call, passes or
 * fails the focused criterion and lands back on it, and `?` shows the shortcuts; the failed
 * criterion is pinned first with its reasoning; a sampled non-critical call joins the queue marked
 * "sampled" while its unsampled twin does not; at 390 px neither page scrolls sideways; axe is clean.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplingOff } from '../../src/hub/review/sampling/sampling-rule.js';
import { setSamplingRule } from '../../src/hub/review/sampling/set-sampling-rule.js';
import { createConsoleUser } from '../../src/hub/console/users/manage-console-users.js';
import { createHarness, type Harness } from '../support/harness.js';
import { startHubStack, type HubStack } from '../support/hub-stack.js';
import { seedMirroredCall, type MirroredCall } from '../support/mirrored-calls.js';
import { expectAccessible, launchBrowser, signInOnConsole } from './browser-support.js';

let h: Harness;
let stack: HubStack;
let browser: Browser;
const password = 'correct horse battery staple';
const lead = { email: `loop-${randomUUID().slice(0, 8)}@example.com`, name: 'Lou Loop' };
const evaluatorId = randomUUID();
/** This file's agent: the queue filtered on it holds exactly this file's critical fails, newest first. */
const participantId = randomUUID();
const sampledAgent = randomUUID();
/** Newest first, as the queue lists them. */
let walked: MirroredCall[] = [];
let quiet: MirroredCall[] = [];
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

beforeAll(async () => {
  h = createHarness();
  stack = await startHubStack(h);
  browser = await launchBrowser();
  await createConsoleUser(h.db, { ...lead, role: 'lead', password }, { kind: 'cli' });
  const criteria = [
    { name: 'Greeting', status: 'PASS' as const },
    { name: 'Data protection', type: 'strict' as const, status: 'FAIL' as const },
  ];
  walked = [];
  for (let i = 1; i <= 4; i += 1)
    walked.push(
      await seedMirroredCall(h.db, { evaluatorId, participantId, name: `Loop call ${i}`, criteria, recordedAt: minutesAgo(i * 10) }),
    );
  // Another agent's critical fail between them: in the unfiltered queue, never in the filtered walk.
  await seedMirroredCall(h.db, { evaluatorId, participantId: randomUUID(), name: 'Someone else', criteria, recordedAt: minutesAgo(15) });
  // Two AI passes of one agent in one week: at 50 % exactly one of them is sampled.
  const week = new Date(Date.UTC(2026, 9, 14, 9));
  quiet = [];
  for (let i = 0; i < 2; i += 1) {
    quiet.push(
      await seedMirroredCall(h.db, {
        evaluatorId,
        participantId: sampledAgent,
        name: `Quiet pass ${i}`,
        criteria: [{ name: 'Greeting', status: 'PASS' }],
        criticalFail: false,
        recordedAt: new Date(week.getTime() + i * 3_600_000),
      }),
    );
  }
}, 120_000);
afterAll(async () => {
  // The rule is the hub's, shared with the files running beside this one: leave it off.
  await setSamplingRule(h.db, samplingOff, new Date());
  await browser?.close();
  await stack?.close();
  await h?.close();
});

const login = () => ({ baseUrl: stack.baseUrl, email: lead.email, password });
const listPath = `/console?participant=${participantId}`;
const callIdOf = (page: Page) => new URL(page.url()).pathname.split('/').at(-1);
const failedForm = (call: MirroredCall) => `#override-${call.criteria[1]?.criterionId}`;

describe('the fast loop', () => {
  it('"Save and next" walks three calls of a filtered queue in its order, the failed criterion pinned first', async () => {
    const { context, page } = await signInOnConsole(browser, login(), listPath);
    await Promise.all([page.waitForURL(/\/console\/calls\//), page.click(`tr[data-id="${walked[0]?.id}"] a`)]);
    expect(new URL(page.url()).searchParams.get('from')).toBe(listPath);
    const seen = [];
    for (let i = 0; i < 3; i += 1) {
      const call = walked[i];
      seen.push(callIdOf(page));
      expect(await page.locator('#pinned').textContent()).toContain('Because of Data protection');
      expect(await page.locator('article.criterion h3').first().textContent()).toContain('Data protection');
      await page.fill(`${failedForm(call)} input[name=reason]`, `Checked by ear, call ${i + 1}`);
      await page.selectOption(`${failedForm(call)} select[name=verdict]`, 'PASS');
      await Promise.all([
        page.waitForURL((url) => !url.pathname.endsWith(call.id)),
        page.click(`${failedForm(call)} button[value=override-next]`),
      ]);
    }
    expect(seen).toEqual(walked.slice(0, 3).map((c) => c.id));
    expect(callIdOf(page)).toBe(walked[3]?.id);
    const overrides = await h.db.hubReviewOverride.findMany({ where: { transcriptionId: { in: walked.map((c) => c.id) } } });
    expect(overrides.map((o) => o.transcriptionId).sort()).toEqual(
      walked
        .slice(0, 3)
        .map((c) => c.id)
        .sort(),
    );
    // The last call of the list has no next: only "Override" is offered.
    expect(await page.locator('button[value=override-next]').count()).toBe(0);
    await context.close();
  });

  it('keyboard: ? shows the help, ] and 2 fail the focused criterion and come back to it, j and k move between calls', async () => {
    const call = walked[3];
    const { context, page } = await signInOnConsole(
      browser,
      login(),
      `/console/calls/${walked[2]?.id}?from=${encodeURIComponent(listPath)}`,
    );
    expect(await page.locator('#shortcuts-help').isVisible()).toBe(false);
    await page.keyboard.press('?');
    expect(await page.locator('#shortcuts-help').isVisible()).toBe(true);
    expect(await page.locator('#shortcuts-help').textContent()).toContain('Pass / fail the focused criterion');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    expect(await page.locator('#shortcuts-help').isVisible()).toBe(false);

    await Promise.all([page.waitForURL((url) => url.pathname.endsWith(call.id)), page.keyboard.press('j')]);
    expect(new URL(page.url()).searchParams.get('from')).toBe(listPath);
    // Greeting (a pass) is the second card: the failed one is pinned first.
    await page.keyboard.press(']');
    await page.keyboard.press(']');
    await page.keyboard.press('2');
    const greeting = `#override-${call.criteria[0]?.criterionId}`;
    expect(await page.locator(`${greeting} select[name=verdict]`).inputValue()).toBe('FAIL');
    await page.keyboard.type('Never said hello');
    await Promise.all([page.waitForURL((url) => url.hash === greeting), page.keyboard.press('Enter')]);
    expect(await page.locator(`${greeting} .flash`).textContent()).toContain('Verdict saved');
    const override = await h.db.hubReviewOverride.findFirst({
      where: { transcriptionId: call.id, criterionId: call.criteria[0]?.criterionId },
    });
    expect(override?.reason).toBe('Never said hello');
    expect(new URL(page.url()).searchParams.get('from')).toBe(listPath);

    await Promise.all([page.waitForURL((url) => url.pathname.endsWith(walked[2]?.id ?? '')), page.keyboard.press('k')]);
    await context.close();
  });
});

describe('sampling', () => {
  it('a lead sets the rule on the queue page; the sampled AI pass joins the queue marked "sampled", its twin does not', async () => {
    const { context, page } = await signInOnConsole(browser, login(), '/console');
    await page.click('#sampling-rule');
    await page.fill('#s-share', '50');
    await page.fill('#s-seed', 'loop-test');
    await Promise.all([page.waitForURL(/\/console$/), page.click('form[aria-label="Sampling rule"] button[type=submit]')]);
    expect(await page.locator('#sampling-rule').textContent()).toContain('50%');
    const flags = await h.db.hubTranscription.findMany({
      where: { id: { in: quiet.map((c) => c.id) } },
      select: { id: true, sampled: true },
    });
    const sampled = flags.filter((f) => f.sampled).map((f) => f.id);
    expect(sampled).toHaveLength(1);

    await page.goto(`/console?participant=${sampledAgent}`);
    const rows = page.locator('table.queue tbody tr[data-id]');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().getAttribute('data-id')).toBe(sampled[0]);
    expect(await rows.first().locator('.sampled').textContent()).toBe('sampled');
    await expectAccessible(page);

    await page.goto(`/console/calls?tab=needs_review&participant=${sampledAgent}`);
    expect(await page.locator('table.calls tbody tr[data-id]').count()).toBe(1);
    expect(await page.locator('table.calls tbody tr[data-id] .sampled').count()).toBe(1);
    await context.close();
  });
});

describe('on a phone', () => {
  it('the call view and the queue have no horizontal scroll at 390 px', async () => {
    const { context, page } = await signInOnConsole(browser, login(), listPath);
    await page.setViewportSize({ width: 390, height: 844 });
    const width = () =>
      page.evaluate(
        () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
      );
    await page.reload();
    expect(await width()).toBeLessThanOrEqual(390);
    await page.goto(`/console/calls/${walked[1]?.id}?from=${encodeURIComponent(listPath)}`);
    await page.keyboard.press('?');
    expect(await width()).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await context.close();
  });
});
