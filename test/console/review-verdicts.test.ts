import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReportTable } from '../../src/hub/reports/export/report-tables.js';
import { createConsoleUser } from '../../src/hub/console/users/manage-console-users.js';
import { writeMirror } from '../../src/hub/mirror/mirror-transcription.js';
import type { Actor } from '../../src/hub/review/audit-trail.js';
import { locateQuote } from '../../src/hub/review/locate-quote.js';
import { addNote, clearOverride, overrideCriterion } from '../../src/hub/review/record-verdict.js';
import { loadReviewColumns } from '../../src/hub/review/review-columns.js';
import { createHarness, type Harness } from '../support/harness.js';
import { startHubStack, type HubStack } from '../support/hub-stack.js';
import { seedEvaluatedTranscription } from '../support/seed.js';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { closeInOrder } from '../support/close-in-order.js';

let h: Harness;
let stack: HubStack;
let actor: Actor;
beforeAll(async () => {
  h = createHarness();
  stack = await startHubStack(h);
  const user = await createConsoleUser(
    h.db,
    { email: `rev-${randomUUID().slice(0, 8)}@example.com`, name: 'Rev', role: 'lead', password: 'long enough password' },
    { kind: 'cli' },
  );
  actor = { kind: 'user', id: user.id, email: user.email };
});
afterAll(() => closeInOrder(stack, h));

async function mirroredCall() {
  const call = await seedEvaluatedTranscription(h.db, stack.account.id);
  await writeMirror(stack.hub, await stack.client.getTranscription({ transcription_id: call.id }));
  return call;
}

describe('human verdicts', () => {
  it('recomputes score and critical fail with the scoring rule, audits before and after, and never writes upstream', async () => {
    const call = await mirroredCall();
    const strict = await overrideCriterion(stack.hub, {
      transcriptionId: call.id,
      criterionId: call.strict.id,
      verdict: 'PASS',
      reason: 'No promise was made',
      actor,
    });
    expect(strict).toMatchObject({ score: 100, criticalFail: false });
    const greeting = await overrideCriterion(stack.hub, {
      transcriptionId: call.id,
      criterionId: call.greeting.id,
      verdict: 'FAIL',
      reason: 'No greeting',
      actor,
    });
    expect(greeting).toMatchObject({ score: 0, criticalFail: false });
    await expect(
      overrideCriterion(stack.hub, { transcriptionId: call.id, criterionId: call.greeting.id, verdict: 'PASS', reason: '  ', actor }),
    ).rejects.toThrow('A reason is required for an override');
    await expect(
      overrideCriterion(stack.hub, { transcriptionId: call.id, criterionId: call.greeting.id, verdict: '3', reason: 'x', actor }),
    ).rejects.toThrow('The verdict must be PASS or FAIL');
    await expect(
      overrideCriterion(stack.hub, {
        transcriptionId: call.id,
        criterionId: call.greeting.id,
        verdict: 'PASS',
        reason: 'two\nlines',
        actor,
      }),
    ).rejects.toThrow('The reason must be one line');
    await clearOverride(stack.hub, { transcriptionId: call.id, criterionId: call.greeting.id, reason: 'Second look: fine', actor });
    await addNote(stack.hub, { transcriptionId: call.id, body: 'Coach on promises', actor });

    expect(await h.db.hubReview.findUniqueOrThrow({ where: { transcriptionId: call.id } })).toMatchObject({
      effectiveScore: 100,
      effectiveCriticalFail: false,
      overrideCount: 1,
      noteCount: 1,
    });
    const events = await h.db.hubAuditEvent.findMany({ where: { transcriptionId: call.id }, orderBy: { createdAt: 'asc' } });
    expect(events.map((e) => [e.kind, e.actor])).toEqual([
      ['override', actor.kind === 'user' ? actor.email : ''],
      ['override', events[0]?.actor],
      ['override_cleared', events[0]?.actor],
      ['note', events[0]?.actor],
    ]);
    expect(events[0]).toMatchObject({
      before: { criterion: 'No promises', ai: 'FAIL', override: null },
      after: { criterion: 'No promises', override: 'PASS', reason: 'No promise was made', score: 100, critical_fail: false },
    });
    // Upstream keeps the AI's evaluation.
    const upstream = await stack.client.getTranscription({ transcription_id: call.id });
    expect(upstream.details.evaluation).toMatchObject({ score: 100, critical_fail: true });

    const reviews = await loadReviewColumns(h.db, [call.id.toUpperCase()]);
    const table = buildReportTable(
      'account',
      '',
      '2026-02',
      [
        { id: call.id, score: 100 },
        { id: randomUUID(), score: 50 },
      ],
      reviews,
    );
    expect(table.header.slice(-4)).toEqual(['human_score', 'human_critical', 'overrides', 'notes']);
    expect(table.rows[0]?.slice(-4)).toEqual([100, false, 'No promises: AI FAIL → PASS (No promise was made)', 'Coach on promises']);
    expect(table.rows[1]?.slice(-4)).toEqual([null, null, null, null]);
  });
});

describe('bulk moves from the queue', () => {
  it('moves each selected call upstream then in the mirror, audits it, and reports the ones that failed', async () => {
    const [a, b] = [await mirroredCall(), await mirroredCall()];
    const missing = randomUUID();
    const agent = request.agent(stack.app);
    const page = await agent.get('/console/sign-in');
    const token = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
    await agent
      .post('/console/sign-in')
      .type('form')
      .send({ _csrf: token, email: actor.kind === 'user' ? actor.email : '', password: 'long enough password' });
    const queue = await agent.get(`/console?evaluator=${a.evaluator.id}`);
    expect(queue.text).toContain(`data-id="${a.id}"`);
    const csrf = /name="csrf-token" content="([^"]+)"/.exec(queue.text)?.[1] ?? '';
    const moved = await agent
      .post('/console/queue/move')
      .type('form')
      .send(
        `_csrf=${csrf}&group=ARCHIVED&ids=${a.id}&ids=${b.id}&ids=${missing}&return_to=${encodeURIComponent(`/console?evaluator=${a.evaluator.id}`)}`,
      );
    expect(moved.status).toBe(303);
    expect(moved.headers.location).toBe(`/console?evaluator=${a.evaluator.id}`);
    const after = await agent.get(moved.headers.location);
    expect(after.text).toContain(`Moved 2; 1 failed: ${missing.slice(0, 8)} (not found upstream)`);
    expect(after.text).not.toContain(`data-id="${a.id}"`);
    for (const id of [a.id, b.id]) {
      expect((await stack.client.getTranscription({ transcription_id: id })).group).toBe('ARCHIVED');
      expect(await h.db.hubTranscription.findUniqueOrThrow({ where: { id } })).toMatchObject({ group: 'ARCHIVED' });
      expect(await h.db.hubAuditEvent.findFirstOrThrow({ where: { transcriptionId: id, kind: 'group_move' } })).toMatchObject({
        before: { group: null },
        after: { group: 'ARCHIVED' },
      });
    }
  });
});

describe('quotes in the transcript', () => {
  it('finds a quote across punctuation, case and turns, and an elided one by its longest part', () => {
    const turns = ['Hello, thanks for calling Acme.', 'Hi. I want a refund!', 'I promise you will get it by Friday.'];
    expect(locateQuote(turns, 'thanks for calling acme')).toEqual([{ turn: 0, start: 7, end: 30 }]);
    expect(locateQuote(turns, 'refund! I promise')).toEqual([
      { turn: 1, start: 13, end: 19 },
      { turn: 2, start: 0, end: 9 },
    ]);
    expect(locateQuote(turns, 'I want ... you will get it by Friday')).toEqual([{ turn: 2, start: 10, end: 35 }]);
    expect(locateQuote(turns, 'Hi')).toEqual([{ turn: 1, start: 0, end: 2 }]);
    expect(locateQuote(turns, 'never said')).toEqual([]);
  });
});
