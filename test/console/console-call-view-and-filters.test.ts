/**
 * Console errors a QA lead met (supertest, a signed-in lead): the queue's and the dashboard's day
 * filters refuse days that do not exist with a 400 page instead of a 500; a refused override is
 * flashed on the call, back at the criterion's form; a criterion's card is coloured by the
 * verdict in force (the lead's over the AI's); the summary feedback, Markdown, is shown as safe HTML.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleUser } from '../../src/hub/console/users/manage-console-users.js';
import { writeMirror } from '../../src/hub/mirror/mirror-transcription.js';
import type { Actor } from '../../src/hub/review/audit-trail.js';
import { clearOverride, overrideCriterion } from '../../src/hub/review/record-verdict.js';
import { createHarness, type Harness } from '../support/harness.js';
import { startHubStack, type HubStack } from '../support/hub-stack.js';
import { seedEvaluatedTranscription } from '../support/seed.js';
import { closeInOrder } from '../support/close-in-order.js';

let h: Harness;
let stack: HubStack;
let actor: Actor;
const password = 'a long enough password';
const lead = { email: `lead-${randomUUID().slice(0, 8)}@example.com`, name: 'Lea Lead' };

beforeAll(async () => {
  h = createHarness();
  stack = await startHubStack(h);
  const user = await createConsoleUser(h.db, { ...lead, role: 'lead', password }, { kind: 'cli' });
  actor = { kind: 'user', id: user.id, email: user.email };
}, 60_000);
afterAll(() => closeInOrder(stack, h));

// One signed-in browser for the file: a sign-in per test would meet the per-email sign-in limit.
let session: ReturnType<typeof request.agent> | undefined;
async function signedIn() {
  session ??= await signIn();
  return session;
}

async function signIn() {
  const agent = request.agent(stack.app);
  const page = await agent.get('/console/sign-in');
  const token = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
  expect(
    (await agent.post('/console/sign-in').type('form').send({ _csrf: token, email: lead.email, password, next: '/console' })).status,
  ).toBe(303);
  return agent;
}

async function mirroredCall() {
  const call = await seedEvaluatedTranscription(h.db, stack.account.id);
  await writeMirror(stack.hub, await stack.client.getTranscription({ transcription_id: call.id }));
  return call;
}

const csrfOf = (page: string) => /name="_csrf" value="([^"]+)"/.exec(page)?.[1] ?? '';

describe('day filters', () => {
  it('refuse days that do not exist and a range that ends before it starts, on the queue and the dashboard, with a 400 page', async () => {
    const agent = await signedIn();
    for (const path of ['/console', '/console/dashboard']) {
      const month13 = await agent.get(`${path}?from=2026-13-45`);
      expect(month13.status).toBe(400);
      expect(month13.text).toContain('Invalid filter: from: 2026-13-45 is not a date (YYYY-MM-DD, a day that exists)');
      const feb30 = await agent.get(`${path}?to=2026-02-30`);
      expect(feb30.status).toBe(400);
      expect(feb30.text).toContain('Invalid filter: to: 2026-02-30 is not a date (YYYY-MM-DD, a day that exists)');
      const backwards = await agent.get(`${path}?from=2026-03-02&to=2026-03-01`);
      expect(backwards.status).toBe(400);
      expect(backwards.text).toContain('Invalid filter: to: 2026-03-01 is before from (2026-03-02)');
      const json = await agent.get(`${path}?from=2026-13-45`).set('Accept', 'application/json');
      expect(json.body).toEqual({
        error: { code: 'invalid_value', message: 'Invalid filter: from: 2026-13-45 is not a date (YYYY-MM-DD, a day that exists)' },
      });
      expect((await agent.get(`${path}?from=2024-02-29&to=9999-12-31`)).status).toBe(200);
      expect((await agent.get(`${path}?from=2026-03-01&to=2026-03-01`)).status).toBe(200);
    }
  });
});

describe('the override form', () => {
  it('refuses a reason of only spaces on the call itself, back at the criterion, and saves nothing', async () => {
    const call = await mirroredCall();
    const agent = await signedIn();
    const page = await agent.get(`/console/calls/${call.id}`);
    expect(page.text).toContain(`id="override-${call.strict.id}"`);
    const refused = await agent
      .post(`/console/calls/${call.id}/overrides/${call.strict.id}`)
      .type('form')
      .send({ _csrf: csrfOf(page.text), action: 'override', verdict: 'PASS', reason: '   ' });
    expect(refused.status).toBe(303);
    expect(refused.headers.location).toBe(`/console/calls/${call.id}#override-${call.strict.id}`);
    const back = await agent.get(`/console/calls/${call.id}`);
    expect(back.status).toBe(200);
    // In the criterion's form, where the browser lands, and only there.
    const form = new RegExp(`<form [^>]*id="override-${call.strict.id}">([\\s\\S]*?)</form>`).exec(back.text)?.[1];
    expect(form).toContain('<p class="flash error" role="status">A reason is required for an override</p>');
    expect(back.text.split('class="flash').length).toBe(2);
    expect(await h.db.hubReviewOverride.count({ where: { transcriptionId: call.id } })).toBe(0);

    const saved = await agent
      .post(`/console/calls/${call.id}/overrides/${call.strict.id}`)
      .type('form')
      .send({ _csrf: csrfOf(back.text), action: 'override', verdict: 'PASS', reason: '  No promise was made  ' });
    expect(saved.headers.location).toBe(`/console/calls/${call.id}#override-${call.strict.id}`);
    expect((await agent.get(`/console/calls/${call.id}`)).text).toMatch(
      new RegExp(
        `id="override-${call.strict.id}">(?:<input type="hidden"[^>]*>)*\\s*<p class="flash ok" role="status">Verdict saved \\(in the hub only\\)\\.</p>`,
      ),
    );
    expect(await h.db.hubReviewOverride.findMany({ where: { transcriptionId: call.id }, select: { reason: true } })).toEqual([
      { reason: 'No promise was made' },
    ]);
  });
});

/** The class of the criterion card that holds a criterion's override form. */
const cardClass = (page: string, criterionId: string) =>
  new RegExp(`<article class="([^"]+)"(?:(?!</article>)[\\s\\S])*id="override-${criterionId}"`).exec(page)?.[1];

describe('the criterion card', () => {
  it('follows the verdict in force: FAIL from the AI, PASS after a lead overrides it, FAIL again when taken back', async () => {
    const call = await mirroredCall();
    const agent = await signedIn();
    expect(cardClass((await agent.get(`/console/calls/${call.id}`)).text, call.strict.id)).toBe('criterion fail');
    await overrideCriterion(stack.hub, {
      transcriptionId: call.id,
      criterionId: call.strict.id,
      verdict: 'PASS',
      reason: 'No promise was made',
      actor,
    });
    const overridden = (await agent.get(`/console/calls/${call.id}`)).text;
    expect(cardClass(overridden, call.strict.id)).toBe('criterion pass');
    await overrideCriterion(stack.hub, {
      transcriptionId: call.id,
      criterionId: call.greeting.id,
      verdict: 'FAIL',
      reason: 'No greeting',
      actor,
    });
    expect(cardClass((await agent.get(`/console/calls/${call.id}`)).text, call.greeting.id)).toBe('criterion fail');
    await clearOverride(stack.hub, { transcriptionId: call.id, criterionId: call.strict.id, reason: 'Second look', actor });
    expect(cardClass((await agent.get(`/console/calls/${call.id}`)).text, call.strict.id)).toBe('criterion fail');
  });
});

describe('the summary feedback', () => {
  it('is rendered from Markdown (paragraphs, line breaks, bold, italic, lists) with any HTML in it kept as text', async () => {
    const call = await mirroredCall();
    const markdown = [
      '**Strengths**: greeted the customer *warmly*.',
      'Kept a calm tone.',
      '',
      '- Confirm the **order number**',
      '- Offer a follow-up',
      '',
      '1. Apologise',
      '2. Resolve',
      '',
      '<script>alert("x")</script> <img src=x onerror=alert(1)> & `<b>`',
    ].join('\n');
    await h.db.hubTranscription.update({ where: { id: call.id }, data: { summaryFeedback: markdown } });
    const agent = await signedIn();
    const { text } = await agent.get(`/console/calls/${call.id}`);
    const feedback = /<div class="markdown" id="summary-feedback">([\s\S]*?)<\/div>/.exec(text)?.[1];
    expect(feedback).toBe(
      [
        '<p><strong>Strengths</strong>: greeted the customer <em>warmly</em>.<br>\nKept a calm tone.</p>',
        '<ul><li>Confirm the <strong>order number</strong></li><li>Offer a follow-up</li></ul>',
        '<ol><li>Apologise</li><li>Resolve</li></ol>',
        '<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt; &amp; <code>&lt;b&gt;</code></p>',
      ].join('\n'),
    );
    expect(text).not.toContain('<script>alert');
  });
});

describe('the page cursor', () => {
  it('refuses a cursor whose time PostgreSQL cannot hold (an extended year) with a 400, on the calls page and the queue', async () => {
    const agent = await signedIn();
    const cursor = (at: string) => Buffer.from(`${at}|00000000-0000-0000-0000-000000000000`).toString('base64url');
    for (const path of ['/console/calls?tab=all&after=', '/console?after=']) {
      for (const at of ['-005000-01-01T00:00:00Z', '+275760-09-13T00:00:00Z']) {
        const refused = await agent.get(`${path}${cursor(at)}`);
        expect(refused.status, `${path} ${at}`).toBe(400);
        expect(refused.text).toContain('Invalid page cursor: start again from the first page');
      }
      expect((await agent.get(`${path}${cursor('2026-11-28T09:30:00.000Z')}`)).status).toBe(200);
    }
  });
});

describe('a NUL character in a filter or a form', () => {
  it('is refused with a 400 that names the field (queries), flashed on the call (forms), and a 400 where the text reaches PostgreSQL unchecked', async () => {
    const call = await mirroredCall();
    const agent = await signedIn();
    for (const [path, field] of [
      ['/console/calls?tab=all&q=refund%00', 'q'],
      ['/console/calls.csv?tab=all&q=%00', 'q'],
      ['/console/disputes?criterion=%00', 'criterion'],
      ['/console?criterion=x%00', 'criterion'],
    ] as const) {
      const refused = await agent.get(path);
      expect(refused.status, path).toBe(400);
      expect(refused.text).toContain(`Invalid filter: ${field}: contains a NUL character (U+0000)`);
    }

    const page = await agent.get(`/console/calls/${call.id}`);
    const refused = await agent
      .post(`/console/calls/${call.id}/overrides/${call.strict.id}`)
      .type('form')
      .send(`_csrf=${encodeURIComponent(csrfOf(page.text))}&action=override&verdict=PASS&reason=no%00promise`);
    expect(refused.status).toBe(303);
    expect((await agent.get(`/console/calls/${call.id}`)).text).toContain('Not saved: reason: contains a NUL character (U+0000)');
    expect(await h.db.hubReviewOverride.count({ where: { transcriptionId: call.id } })).toBe(0);

    // The sign-in form reads its fields itself: the error handler's backstop answers PostgreSQL's 22021.
    const anonymous = request.agent(stack.app);
    const signIn = await anonymous.get('/console/sign-in');
    const backstop = await anonymous
      .post('/console/sign-in')
      .type('form')
      .send(`_csrf=${encodeURIComponent(csrfOf(signIn.text))}&email=lead%00@example.com&password=x`);
    expect(backstop.status).toBe(400);
    expect(backstop.text).toContain('a NUL character, U+0000');
  });
});

/** The notes section of a call view: its flash and the draft in its textarea. */
const notesSection = (page: string) => /<section aria-labelledby="notes-h">([\s\S]*?)<\/section>/.exec(page)?.[1] ?? '';

describe('the note form', () => {
  it('counts a line break as one character, as the browser does (CRLF sent, LF kept)', async () => {
    const call = await mirroredCall();
    const agent = await signedIn();
    const page = await agent.get(`/console/calls/${call.id}`);
    // 3,999 characters in the textarea (maxlength 4,000), 4,998 once the browser sends each line break as CRLF.
    const body = 'abc\r\n'.repeat(1000).slice(0, -2);
    const saved = await agent
      .post(`/console/calls/${call.id}/notes`)
      .type('form')
      .send({ _csrf: csrfOf(page.text), body });
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe(`/console/calls/${call.id}#notes-h`);
    const [note] = await h.db.hubReviewNote.findMany({ where: { transcriptionId: call.id }, select: { body: true } });
    expect(note?.body).toBe('abc\n'.repeat(1000).slice(0, -1));
    expect(notesSection((await agent.get(`/console/calls/${call.id}`)).text)).toContain(
      '<p class="flash ok" role="status">Note added.</p>',
    );
  });

  it('refuses a note too long or blank on the call, at the note form, with the draft kept in it', async () => {
    const call = await mirroredCall();
    const agent = await signedIn();
    const page = await agent.get(`/console/calls/${call.id}`);
    const draft = `<b>Tone</b> & pace\r\n${'x'.repeat(4_000)}`;
    const refused = await agent
      .post(`/console/calls/${call.id}/notes`)
      .type('form')
      .send({ _csrf: csrfOf(page.text), body: draft });
    expect(refused.status).toBe(303);
    expect(refused.headers.location).toBe(`/console/calls/${call.id}#notes-h`);
    const back = (await agent.get(`/console/calls/${call.id}`)).text;
    const section = notesSection(back);
    expect(section).toContain('<p class="flash error" role="status">A note is at most 4,000 characters</p>');
    expect(section).toContain(`&lt;b&gt;Tone&lt;/b&gt; &amp; pace\n${'x'.repeat(4_000)}</textarea>`);
    expect(back.split('class="flash').length).toBe(2);

    const blank = await agent
      .post(`/console/calls/${call.id}/notes`)
      .type('form')
      .send({ _csrf: csrfOf(back), body: '   ' });
    expect(blank.status).toBe(303);
    expect(notesSection((await agent.get(`/console/calls/${call.id}`)).text)).toContain('The note is empty');
    // A NUL character is refused too, and the draft kept without it (the session cannot hold it).
    const nul = await agent.get(`/console/calls/${call.id}`);
    const withNul = await agent
      .post(`/console/calls/${call.id}/notes`)
      .type('form')
      .send(`_csrf=${encodeURIComponent(csrfOf(nul.text))}&body=calm%00tone`);
    expect(withNul.status).toBe(303);
    const nulSection = notesSection((await agent.get(`/console/calls/${call.id}`)).text);
    expect(nulSection).toContain('Not saved: body: contains a NUL character (U+0000)');
    expect(nulSection).toContain('>calmtone</textarea>');
    expect(await h.db.hubReviewNote.count({ where: { transcriptionId: call.id } })).toBe(0);
    // The draft is shown once: the next view of the call has an empty form.
    expect(notesSection((await agent.get(`/console/calls/${call.id}`)).text)).toContain('maxlength="4000"></textarea>');
  });
});

describe('a refused group move', () => {
  it('is flashed on the call (the upstream no longer has it) and on the list a bulk move came from, not an error page', async () => {
    const call = await mirroredCall();
    await stack.client.deleteTranscription({ transcription_id: call.id });
    const agent = await signedIn();
    const page = await agent.get(`/console/calls/${call.id}`);
    const moved = await agent
      .post(`/console/calls/${call.id}/group`)
      .type('form')
      .send({ _csrf: csrfOf(page.text), group: 'ARCHIVED' });
    expect(moved.status).toBe(303);
    expect(moved.headers.location).toBe(`/console/calls/${call.id}`);
    expect((await agent.get(`/console/calls/${call.id}`)).text).toMatch(/<p class="flash error" role="status">The group was not changed: /);

    const none = await agent
      .post('/console/queue/move')
      .type('form')
      .send({ _csrf: csrfOf(page.text), group: 'ARCHIVED', return_to: '/console/calls?tab=all' });
    expect(none.status).toBe(303);
    expect(none.headers.location).toBe('/console/calls?tab=all');
    expect((await agent.get('/console/calls?tab=all')).text).toContain('<p class="flash error" role="status">Select at least one call</p>');
  });
});

describe('the calls page’s assignee filter', () => {
  it('lists the calls of one reviewer, or of nobody, with the reviewer picker, and refuses anything else', async () => {
    const [mine, nobodys] = [await mirroredCall(), await mirroredCall()];
    const leadId = actor.kind === 'user' ? actor.id : '';
    await h.db.hubAssignment.create({ data: { transcriptionId: mine.id, userId: leadId, assignedAt: new Date() } });
    const agent = await signedIn();
    // Each call has its own participant: the filter narrows the list to the test's two calls.
    const of = (call: { participant: { id: string } }, assignee: string) =>
      agent.get(`/console/calls?tab=all&participant=${call.participant.id}&assignee=${assignee}`);
    const ofLead = await of(mine, leadId);
    expect(ofLead.status).toBe(200);
    expect(ofLead.text).toContain(`href="/console/calls/${mine.id}`);
    expect(ofLead.text).toMatch(
      new RegExp(`<select id="c-assignee" name="assignee">[\\s\\S]*<option value="${leadId}" selected>Lea Lead</option>`),
    );
    expect((await of(nobodys, leadId)).text).not.toContain(`href="/console/calls/${nobodys.id}`);
    expect((await of(nobodys, 'nobody')).text).toContain(`href="/console/calls/${nobodys.id}`);
    expect((await of(mine, 'nobody')).text).not.toContain(`href="/console/calls/${mine.id}`);
    const refused = await agent.get('/console/calls?tab=all&assignee=someone');
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Invalid filter: assignee: assignee is a reviewer&#39;s id or nobody');
  });
});
