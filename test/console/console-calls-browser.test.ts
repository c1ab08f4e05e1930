/**
 * The calls page (docs/console.md, "The calls page") in Chromium: a full-text search finds the one
 * call among thousands that says a phrase and shows the line it is in; the CSV export of a filtered
 * view holds exactly that view's rows; a lead assigns calls in bulk and finds them under Mine; the
 * page has no serious or critical axe violation.
 */
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleUser } from '../../src/hub/console/users/manage-console-users.js';
import { createHarness, type Harness } from '../support/harness.js';
import { startHubStack, type HubStack } from '../support/hub-stack.js';
import { expectAccessible, launchBrowser, signInOnConsole } from './browser-support.js';
import { closeInOrder } from '../support/close-in-order.js';

let h: Harness;
let stack: HubStack;
let browser: Browser;
const password = 'correct horse battery staple';
const runId = randomUUID().slice(0, 8);
/** Named for this run: the reviewer picker lists the leads of earlier runs too. */
const lead = { email: `lead-${runId}@example.com`, name: `Lena Lead ${runId}` };
const calls = 3_000;
/** This file's own participant and evaluator, so other files' calls never enter its filters. */
const participant = randomUUID();
const evaluator = randomUUID();
const needle = randomUUID();
const phrase = 'the engineer will call round on Thursday morning';

beforeAll(async () => {
  h = createHarness();
  stack = await startHubStack(h);
  browser = await launchBrowser();
  await createConsoleUser(h.db, { ...lead, role: 'lead', password }, { kind: 'cli' });
  // Thousands of ordinary calls of this file's participant: every third one not a critical fail,
  // scores spread over 0–100; one more, not a critical fail, says the phrase.
  await h.db.$executeRawUnsafe(
    `INSERT INTO hub_transcriptions (id, status, name, duration, participant_id, participant_tag, evaluator_id, evaluator_tag,
       recorded_at, conversation, score, critical_fail, review_group)
     SELECT gen_random_uuid(), 'COMPLETED', 'Bulk call ' || i, 60 + i % 600, $1::uuid, 'agent-calls', $2::uuid, 'Evaluator calls',
       now() - i * interval '1 minute',
       jsonb_build_object('segments', jsonb_build_array(
         jsonb_build_object('speaker', 'A', 'text', 'Thanks for calling, how can I help with your order ' || i || '?'),
         jsonb_build_object('speaker', 'B', 'text', 'My parcel number ' || i || ' has not arrived yet.'))),
       (i * 37) % 101, i % 3 <> 0, CASE WHEN i % 3 = 0 THEN NULL ELSE 'PENDING_REVIEW' END
     FROM generate_series(1, ${calls}) AS i`,
    participant,
    evaluator,
  );
  await h.db.$executeRawUnsafe(
    `INSERT INTO hub_transcriptions (id, status, name, duration, participant_id, participant_tag, evaluator_id, evaluator_tag,
       recorded_at, conversation, score, critical_fail)
     VALUES ($1::uuid, 'COMPLETED', 'The engineer call', 240, $2::uuid, 'agent-calls', $3::uuid, 'Evaluator calls', now() - interval '30 seconds',
       jsonb_build_object('segments', jsonb_build_array(
         jsonb_build_object('speaker', 'A', 'text', 'Good morning, how can I help?'),
         jsonb_build_object('speaker', 'B', 'text', $4::text))), 88, false)`,
    needle,
    participant,
    evaluator,
    `They told me ${phrase}, but nobody came.`,
  );
}, 120_000);
afterAll(() => closeInOrder(browser, stack, h));

const login = () => ({ baseUrl: stack.baseUrl, email: lead.email, password });

describe('the calls page', () => {
  it('finds the one call among thousands that says a phrase, and shows its line', async () => {
    // This file's participant only: the test database keeps other runs' calls, which say the phrase too.
    const { context, page } = await signInOnConsole(browser, login(), `/console/calls?tab=all&participant=${participant}`);
    await page.fill('#c-q', '"engineer will call round"');
    await Promise.all([page.waitForURL(/q=/), page.click('form.filters button[type=submit]')]);
    const rows = page.locator('table.calls tbody tr[data-id]');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().getAttribute('data-id')).toBe(needle);
    const line = rows.first().locator('.match-line');
    await expect.poll(() => line.textContent()).toContain(phrase);
    expect(await line.locator('mark').count()).toBeGreaterThan(0);
    await expectAccessible(page);
    await context.close();
  });

  it('assigns three calls in bulk to the lead, whose Mine tab then lists exactly them', async () => {
    const view = `/console/calls?tab=all&participant=${participant}&critical=no`;
    const { context, page } = await signInOnConsole(browser, login(), view);
    const boxes = page.locator('table.calls tbody input[name="ids"]');
    const chosen: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      await boxes.nth(i).check();
      chosen.push((await boxes.nth(i).getAttribute('value')) ?? '');
    }
    await page.selectOption('#assign-to', { label: lead.name });
    await Promise.all([page.waitForURL((url) => url.pathname === '/console/calls'), page.click('#assign')]);
    await expect.poll(() => page.locator('.flash.ok').textContent()).toContain('3 calls assigned');
    const assignees = await page
      .locator('table.calls tbody tr[data-id]')
      .evaluateAll((rows) => rows.slice(0, 3).map((row) => row.querySelector('.assignee')?.textContent ?? ''));
    expect(assignees).toEqual([lead.name, lead.name, lead.name]);

    await page.goto('/console/calls?tab=mine');
    const mine = await page.locator('table.calls tbody tr[data-id]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id')));
    expect(mine).toEqual(chosen);
    expect(await page.locator('nav.tabs a[aria-current="page"]').textContent()).toBe('Mine');
    await context.close();
  });

  it('exports exactly the filtered view as CSV', async () => {
    const filters = `tab=all&participant=${participant}&critical=no&score_min=50&score_max=90`;
    const { context, page } = await signInOnConsole(browser, login(), `/console/calls?${filters}`);
    const href = await page.locator('#calls-csv').getAttribute('href');
    expect(href).toContain(`participant=${participant}`);
    const answer = await page.request.get(href ?? '');
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('text/csv');
    // The seeded names and tags hold no comma or quote, so a line splits on commas (no CSV parser is a dependency).
    const [header, ...rows] = (await answer.text())
      .trim()
      .split(/\r?\n/)
      .map((line) => line.split(','));
    expect(header?.[0]).toBe('id');

    const expected = await h.db.hubTranscription.findMany({
      where: { participantId: participant, deletedAt: null, criticalFail: false, score: { gte: 50, lte: 90 } },
      select: { id: true },
      orderBy: [{ recordedAt: 'desc' }, { id: 'desc' }],
    });
    expect(expected.length).toBeGreaterThan(100);
    expect(rows.map((r) => r[0])).toEqual(expected.map((e) => e.id));
    expect(rows.every((r) => r[7] === 'no')).toBe(true);
    await context.close();
  });
});
