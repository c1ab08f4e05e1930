/**
 * Calibration, disputes and coaching in a browser (docs/console.md "Calibration", "Disputes",
 * "Coaching", "Roles"): three reviewers score five calls blind; an agent sees only their calls,
 * disputes a verdict a lead then accepts (or rejects); a coaching note is acknowledged. Each new
 * page is screenshotted and axe-checked.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCalibrationVerdicts, submitCalibration } from '../../src/hub/review/calibration/calibration-verdicts.js';
import { createConsoleUser } from '../../src/hub/console/users/manage-console-users.js';
import type { ConsoleRole } from '../../src/hub/console/users/console-user.js';
import type { Harness } from '../support/harness.js';
import { adminToken, hubStackForFile, type HubStack } from '../support/hub-stack.js';
import { seedMirroredCall, type MirroredCall } from '../support/mirrored-calls.js';
import { expectAccessible, launchBrowser, screenshot, signInOnConsole } from './browser-support.js';
import { closeInOrder } from '../support/close-in-order.js';

let h: Harness;
let stack: HubStack;
hubStackForFile((harness, started) => {
  h = harness;
  stack = started;
});
let browser: Browser;
const password = 'correct horse battery staple';
const evaluatorId = randomUUID();
const agentParticipant = randomUUID();
const otherParticipant = randomUUID();
const tag = randomUUID().slice(0, 6);
const person = (role: ConsoleRole, name: string) => ({ role, name: `${name} ${tag}`, email: `${name.toLowerCase()}-${tag}@example.com` });
const alice = person('admin', 'Alice');
const bob = person('lead', 'Bob');
const carol = person('lead', 'Carol');
const agent = person('agent', 'Agnes');
const ids: Record<string, string> = {};
let calls: MirroredCall[];
let otherCall: MirroredCall;
const criteria = [
  { name: `Greeting ${tag}`, status: 'PASS' as const },
  { name: `Identity ${tag}`, type: 'strict' as const, status: 'FAIL' as const },
];

beforeAll(async () => {
  browser = await launchBrowser();
  for (const p of [alice, bob, carol]) ids[p.email] = (await createConsoleUser(h.db, { ...p, password }, { kind: 'cli' })).id;
  ids[agent.email] = (await createConsoleUser(h.db, { ...agent, password, participantId: agentParticipant }, { kind: 'cli' })).id;
  calls = [];
  for (let i = 0; i < 5; i += 1)
    calls.push(
      await seedMirroredCall(h.db, {
        evaluatorId,
        participantId: agentParticipant,
        participantTag: 'Agnes',
        name: `Call ${i + 1} ${tag}`,
        criteria,
        score: 100,
      }),
    );
  otherCall = await seedMirroredCall(h.db, { evaluatorId, participantId: otherParticipant, participantTag: 'Someone else', criteria });
}, 60_000);
afterAll(() => closeInOrder(browser));

const signIn = (who: { email: string }, path: string) =>
  signInOnConsole(browser, { baseUrl: stack.baseUrl, email: who.email, password }, path);
const callIds = () => calls.map((c) => c.id);
/** What the call's scores and reviews are in the hub: unchanged by calibration, changed by an accepted dispute. */
const reviewState = async (ids: string[]) => ({
  reviews: await h.db.hubReview.findMany({ where: { transcriptionId: { in: ids } }, orderBy: { transcriptionId: 'asc' } }),
  overrides: await h.db.hubReviewOverride.count({ where: { transcriptionId: { in: ids } } }),
  calls: await h.db.hubTranscription.findMany({
    where: { id: { in: ids } },
    select: { id: true, score: true, criticalFail: true },
    orderBy: { id: 'asc' },
  }),
});
const mainText = async (page: Page) => (await page.locator('main').textContent()) ?? '';
/** Greeting PASS on the first three calls, FAIL on the others (one call flipped for `flip`); Identity always FAIL. */
const verdictsOf = (call: MirroredCall, i: number, flip: boolean) => ({
  [call.criteria[0].criterionId]: i < 3 !== (flip && i === 0) ? 'PASS' : 'FAIL',
  [call.criteria[1].criterionId]: 'FAIL',
});

describe('calibration in the console', () => {
  it('keeps reviewer A blind until all submit, then shows results, benchmark, alignment and kappa; scores are untouched', async () => {
    const before = await reviewState(callIds());
    const dashboardBefore = await signIn(alice, '/console/dashboard');
    const dashboardTableBefore = await dashboardBefore.page.locator('table').first().textContent();

    // Picked on the queue: "Calibrate selected" opens the form with those calls and creates nothing.
    const { context, page } = await signIn(alice, '/console');
    for (const id of callIds()) await page.check(`input[name=ids][value="${id}"]`);
    await Promise.all([page.waitForURL('**/console/calibration/new'), page.click('button[formaction="/console/calibration/new"]')]);
    expect((await page.inputValue('#calls')).split('\n').sort()).toEqual(callIds().sort());
    expect(await h.db.hubCalibrationSession.count({ where: { calls: { some: { transcriptionId: calls[0].id } } } })).toBe(0);
    await expectAccessible(page);
    await page.fill('#title', `Calibration ${tag}`);
    for (const p of [alice, bob, carol]) await page.check(`input[name=reviewers][value="${ids[p.email]}"]`);
    await Promise.all([page.waitForURL(/\/console\/calibration\/[0-9a-f-]{36}$/), page.click('#new-session button[type=submit]')]);
    const sessionId = page.url().split('/').pop() ?? '';
    await screenshot(page, 'calibration-blind');
    await expectAccessible(page);

    // B scores and submits first; A sees only their own forms, never B's verdicts or the AI's.
    for (const [i, call] of calls.entries())
      await saveCalibrationVerdicts(h.hubContext(), {
        sessionId,
        userId: ids[bob.email],
        transcriptionId: call.id,
        verdicts: verdictsOf(call, i, false),
      });
    await submitCalibration(h.hubContext(), {
      sessionId,
      userId: ids[bob.email],
      actor: { kind: 'user', id: ids[bob.email], email: bob.email },
    });
    await page.reload();
    expect(await page.locator('#calibration-results').count()).toBe(0);
    expect(await page.locator('table').count()).toBe(0);
    expect(await page.content()).not.toContain('Because of');
    expect(await mainText(page)).toContain(`${bob.name}: submitted`);
    const admin = await request(stack.app).get(`/admin/calibration/sessions/${sessionId}`).set('authorization', `Bearer ${adminToken}`);
    expect(admin.status).toBe(200);
    expect(admin.body.data.results).toBeNull();
    // The call view hides the verdicts from A too.
    await page.goto(`/console/calls/${calls[0].id}`);
    expect(await page.locator('#calibration-blind').count()).toBe(1);
    expect(await page.locator('.ai-verdict, #effective-score').count()).toBe(0);
    await expectAccessible(page);

    // A scores in the browser, call by call, and submits; C submits last.
    await page.goto(`/console/calibration/${sessionId}`);
    for (const [i, call] of calls.entries()) {
      for (const [criterionId, verdict] of Object.entries(verdictsOf(call, i, false)))
        await page.selectOption(`#v-${call.id}-${criterionId}`, verdict);
      await Promise.all([page.waitForURL(`**#call-${call.id}`), page.click(`form[action$="/calls/${call.id}"] button[type=submit]`)]);
      expect(await page.locator(`#call-${call.id} .flash.ok`).textContent()).toBe('2 verdicts saved on this call.');
    }
    await Promise.all([page.waitForNavigation(), page.click('#submit-calibration button')]);
    expect(await mainText(page)).toContain('Submitted: the results appear when every reviewer has.');
    expect(await page.locator('#calibration-results').count()).toBe(0);
    for (const [i, call] of calls.entries())
      await saveCalibrationVerdicts(h.hubContext(), {
        sessionId,
        userId: ids[carol.email],
        transcriptionId: call.id,
        verdicts: verdictsOf(call, i, true),
      });
    await submitCalibration(h.hubContext(), {
      sessionId,
      userId: ids[carol.email],
      actor: { kind: 'user', id: ids[carol.email], email: carol.email },
    });

    await page.reload();
    expect(await page.locator('#calibration-results tbody tr').count()).toBe(10);
    await Promise.all([page.waitForNavigation(), page.click('form[action$="/majority"] button')]);
    expect(await mainText(page)).toContain('10 benchmark cells filled from the majority.');
    const alignment = await page.locator('#calibration-alignment tbody').textContent();
    expect(alignment).toContain(`${alice.name}100%`);
    expect(alignment).toContain(`${carol.name}90%`);
    // The AI says PASS on every greeting where the benchmark says PASS on three of five: 80% aligned.
    expect(alignment).toContain('AI80%');
    const greetingRow = await page.locator('#calibration-kappa tbody tr', { hasText: `Greeting ${tag}` }).textContent();
    expect(greetingRow).toContain('1.00');
    const identityRow = page.locator('#calibration-kappa tbody tr', { hasText: `Identity ${tag}` });
    expect(await identityRow.locator('span[title^="Not defined"]').count()).toBeGreaterThan(0);
    await screenshot(page, 'calibration-results');
    await expectAccessible(page);
    const csv = await page.request.get(`/console/calibration/${sessionId}/results.csv`);
    expect(csv.headers()['content-type']).toContain('text/csv');
    expect((await csv.text()).split('\n')[0]).toContain('benchmark');

    await page.goto('/console/calibration');
    expect(await page.locator(`tr[data-id="${sessionId}"]`).textContent()).toContain('Results shown');
    await screenshot(page, 'calibration-list');
    await expectAccessible(page);

    // Nothing of it reached the calls' scores, reviews or the dashboard.
    expect(await reviewState(callIds())).toEqual(before);
    expect(before.reviews).toEqual([]);
    await dashboardBefore.page.reload();
    expect(await dashboardBefore.page.locator('table').first().textContent()).toBe(dashboardTableBefore);
    await dashboardBefore.context.close();
    await context.close();
  }, 120_000);
});

describe('agents, disputes and coaching in the console', () => {
  it('keeps an agent to their calls; a dispute a lead accepts changes the score and flag with an audit row, a rejected one nothing', async () => {
    const { context, page } = await signIn(agent, '/console');
    expect(new URL(page.url()).pathname).toBe('/console/my-calls');
    expect(await page.locator('nav a').allTextContents()).toEqual(['My calls', 'Disputes', 'Coaching']);
    expect(await page.locator('#my-calls tbody tr[data-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id')))).toEqual(
      expect.arrayContaining(callIds()),
    );
    expect(await page.locator(`#my-calls tr[data-id="${otherCall.id}"]`).count()).toBe(0);
    await screenshot(page, 'agent-my-calls');
    await expectAccessible(page);
    for (const path of [`/console/calls/${otherCall.id}`, '/console/dashboard', '/console/calibration', '/console/failed'])
      expect((await page.request.get(path)).status()).toBe(404);

    // A dispute on the strict criterion of call 1: refused when it proposes the verdict in force, then sent.
    const [first, second] = [calls[0], calls[1]];
    const identity = first.criteria[1].criterionId;
    await page.goto(`/console/calls/${first.id}`);
    expect(await page.locator('#effective-critical').textContent()).toBe('Yes');
    await page.selectOption(`#d-${identity}`, 'FAIL');
    await page.fill(`#dr-${identity}`, 'I checked the date of birth');
    await Promise.all([page.waitForURL(`**#dispute-${identity}`), page.click(`#dispute-${identity} button`)]);
    expect(await page.locator(`#dispute-${identity} .flash.error`).textContent()).toBe(
      'The proposed verdict (FAIL) is the verdict already in force',
    );
    await page.selectOption(`#d-${identity}`, 'PASS');
    await page.fill(`#dr-${identity}`, 'I checked the date of birth at 0:40');
    await Promise.all([page.waitForURL(`**#dispute-${identity}`), page.click(`#dispute-${identity} button`)]);
    expect(await page.locator(`#dispute-${identity} .flash.ok`).textContent()).toBe('Dispute sent: a lead will accept or reject it.');
    expect(await page.locator(`#dispute-${identity} form`).count()).toBe(0);
    expect(await page.locator('main > p a').first().textContent()).toBe('← My calls');
    await screenshot(page, 'agent-call-view');
    await expectAccessible(page);
    // And one on the greeting of call 2, which the lead rejects.
    const greeting = second.criteria[0].criterionId;
    await page.goto(`/console/calls/${second.id}`);
    await page.selectOption(`#d-${greeting}`, 'FAIL');
    await page.fill(`#dr-${greeting}`, 'I forgot to greet');
    await Promise.all([page.waitForURL(`**#dispute-${greeting}`), page.click(`#dispute-${greeting} button`)]);

    // This test's own disputes (the database may hold others): the filter stays on after each settlement.
    const lead = await signIn(bob, `/console/disputes?status=open&evaluator=${evaluatorId}`);
    await screenshot(lead.page, 'disputes-open');
    await expectAccessible(lead.page);
    const resolve = async (callId: string, criterionId: string, outcome: string, note: string) => {
      const dispute = await h.db.hubDispute.findFirstOrThrow({ where: { transcriptionId: callId, criterionId, status: 'open' } });
      await lead.page.selectOption(`#o-${dispute.id}`, outcome);
      await lead.page.fill(`#n-${dispute.id}`, note);
      await Promise.all([lead.page.waitForNavigation(), lead.page.click(`#dispute-${dispute.id} button`)]);
      return dispute.id;
    };
    const beforeRejected = await reviewState([second.id]);
    await resolve(second.id, greeting, 'rejected', 'The greeting is on the recording');
    expect(await reviewState([second.id])).toEqual(beforeRejected);
    expect(await h.db.hubDispute.count({ where: { transcriptionId: second.id, status: 'rejected' } })).toBe(1);
    // Back on the list as it was filtered.
    expect(new URL(lead.page.url()).searchParams.get('evaluator')).toBe(evaluatorId);
    await resolve(first.id, identity, 'accepted', 'Heard it at 0:40');
    expect(await mainText(lead.page)).toContain('Dispute accepted.');
    expect(await h.db.hubReview.findUniqueOrThrow({ where: { transcriptionId: first.id } })).toMatchObject({
      effectiveCriticalFail: false,
      overrideCount: 1,
    });
    const audit = await h.db.hubAuditEvent.findMany({ where: { transcriptionId: first.id }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((e) => [e.kind, e.actor])).toEqual([
      ['dispute_opened', agent.email],
      ['override', bob.email],
      ['dispute_resolved', bob.email],
    ]);

    // The agent sees the outcome on their call.
    await page.goto(`/console/calls/${first.id}`);
    expect(await page.locator('#effective-critical').textContent()).toBe('No');
    expect(await page.locator(`#criterion-1 .dispute-note`).textContent()).toContain('Dispute (Accepted)');
    // The leads' names stay out of the agent's view of the history.
    expect(await page.locator('.history').textContent()).not.toContain(bob.email);
    // The dashboard counts both disputes and their outcomes, and gives the AI-vs-human kappa.
    // This test's evaluator only: the database may hold other tests' disputes, and the table lists the 50 most disputed criteria.
    await lead.page.goto(`/console/dashboard?evaluator=${evaluatorId}`);
    expect(
      await lead.page
        .locator('#dispute-figures tbody tr', { hasText: `Identity ${tag}` })
        .locator('td')
        .allTextContents(),
    ).toEqual(['1', '0', '1', '0', '0']);
    expect(
      await lead.page
        .locator('#dispute-figures tbody tr', { hasText: `Greeting ${tag}` })
        .locator('td')
        .allTextContents(),
    ).toEqual(['1', '0', '0', '0', '1']);
    expect(await lead.page.locator('#kappa-trend tbody tr', { hasText: `Identity ${tag}` }).count()).toBe(1);
    await screenshot(lead.page, 'dashboard-review-figures');
    await expectAccessible(lead.page);
    await lead.context.close();
    await context.close();
  }, 120_000);

  it('shows a lead’s coaching note to the agent, who acknowledges it; the lead sees it acknowledged', async () => {
    const call = calls[2];
    const body = `Say your name in the greeting (${tag})`;
    const greeting = call.criteria[0].criterionId;
    const lead = await signIn(bob, `/console/calls/${call.id}`);
    await lead.page.fill(`#cn-${greeting}`, body);
    await Promise.all([lead.page.waitForURL(`**#coaching-${greeting}`), lead.page.click(`#coaching-${greeting} button`)]);
    expect(await lead.page.locator(`#coaching-${greeting} .flash.ok`).count()).toBe(1);

    const { context, page } = await signIn(agent, '/console/coaching');
    const note = page.locator('.coaching-notes li', { hasText: body });
    expect(await note.locator('.ack').textContent()).toBe('Not acknowledged yet');
    await screenshot(page, 'agent-coaching');
    await expectAccessible(page);
    await Promise.all([page.waitForNavigation(), note.locator('button').click()]);
    expect(await note.locator('.ack').textContent()).toMatch(/^Acknowledged /);

    await lead.page.goto('/console/coaching');
    expect(await lead.page.locator('.coaching-notes li', { hasText: body }).locator('.ack').textContent()).toMatch(/^Acknowledged /);
    expect(await lead.page.locator('.coaching-notes li button').count()).toBe(0);
    await screenshot(lead.page, 'lead-coaching');
    await expectAccessible(lead.page);
    await lead.context.close();
    await context.close();
  }, 60_000);
});
