/**
 * The review workflows' console routes refuse what a role may not do (docs/console.md "Roles",
 * "Calibration", "Disputes", "Coaching"): a viewer cannot start a session, a lead who is not a
 * reviewer sees only the progress before the reveal, a refused session form comes back with why,
 * an agent gets 404 outside their calls and pages, and only the agent disputes or acknowledges.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCoachingNote } from '../../src/hub/review/coaching/coaching-notes.js';
import { openDispute } from '../../src/hub/review/disputes/open-dispute.js';
import { resolveDispute } from '../../src/hub/review/disputes/resolve-dispute.js';
import { overrideCriterion } from '../../src/hub/review/record-verdict.js';
import { createCalibrationSession } from '../../src/hub/review/calibration/calibration-session.js';
import { saveCalibrationVerdicts, submitCalibration } from '../../src/hub/review/calibration/calibration-verdicts.js';
import { createConsoleUser } from '../../src/hub/console/users/manage-console-users.js';
import type { ConsoleRole } from '../../src/hub/console/users/console-user.js';
import type { Harness } from '../support/harness.js';
import { hubStackForFile, type HubStack } from '../support/hub-stack.js';
import { seedMirroredCall, type MirroredCall } from '../support/mirrored-calls.js';
import { signedInAgent } from './console-agent.js';

let h: Harness;
let stack: HubStack;
hubStackForFile((harness, started) => {
  h = harness;
  stack = started;
});
const password = 'correct horse battery staple';
const tag = randomUUID().slice(0, 6);
const participantId = randomUUID();
const users: Record<string, { id: string; email: string }> = {};
let mine: MirroredCall;
let theirs: MirroredCall;

beforeAll(async () => {
  const make = async (key: string, role: ConsoleRole, extra: { participantId?: string } = {}) => {
    const email = `${key}-${tag}@example.com`;
    users[key] = {
      id: (await createConsoleUser(h.db, { email, name: `${key} ${tag}`, role, password, ...extra }, { kind: 'cli' })).id,
      email,
    };
  };
  await make('viewer', 'viewer');
  await make('lead', 'lead');
  await make('r1', 'lead');
  await make('r2', 'admin');
  await make('agent', 'agent', { participantId });
  const criteria = [{ name: `Greeting ${tag}`, status: 'PASS' as const }];
  const evaluatorId = randomUUID();
  mine = await seedMirroredCall(h.db, { evaluatorId, participantId, criteria });
  theirs = await seedMirroredCall(h.db, { evaluatorId, participantId: randomUUID(), criteria });
});

type Agent = Awaited<ReturnType<typeof signedInAgent>>;
// One session per user for the whole file: sign-in is rate-limited per email (docs/console.md "Security choices").
const sessions = new Map<string, Promise<Agent>>();
const signIn = (key: string): Promise<Agent> => {
  const session = sessions.get(key) ?? signedInAgent(stack.app, { email: users[key].email, password });
  sessions.set(key, session);
  return session;
};
const tokenOf = async (agent: Agent, path: string) => /name="csrf-token" content="([^"]+)"/.exec((await agent.get(path)).text)?.[1] ?? '';
const actor = (key: string) => ({ kind: 'user' as const, id: users[key].id, email: users[key].email });

describe('calibration routes', () => {
  it('refuses a viewer, explains a refused form, and shows a lead who does not review only the progress', async () => {
    const viewer = await signIn('viewer');
    const list = await viewer.get('/console/calibration');
    expect(list.status).toBe(200);
    expect(list.text).not.toContain('id="new-session"');
    const refused = await viewer
      .post('/console/calibration')
      .type('form')
      .set('accept', 'application/json')
      .send({ _csrf: await tokenOf(viewer, '/console/calibration'), title: 'x' });
    expect(refused.status).toBe(403);

    const lead = await signIn('lead');
    const token = await tokenOf(lead, '/console/calibration');
    const bad = await lead
      .post('/console/calibration')
      .type('form')
      .send({ _csrf: token, title: 'One <reviewer>', calls: mine.id, reviewers: users.r1.id, deadline: '2099-01-02T09:30' });
    // The form again, as sent, with the message: nothing picked on the queue is lost.
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Choose at least two reviewers');
    expect(bad.text).toContain('name="title" required maxlength="200" value="One &lt;reviewer&gt;"');
    expect(/<textarea id="calls" name="calls"[^>]*>([^<]*)<\/textarea>/.exec(bad.text)?.[1]).toBe(mine.id);
    expect(bad.text).toContain(`value="${users.r1.id}" checked>`);
    expect(bad.text).not.toContain(`value="${users.r2.id}" checked>`);
    expect(bad.text).toContain('name="deadline" type="datetime-local" value="2099-01-02T09:30"');

    const session = await createCalibrationSession(h.hubContext(), {
      title: `Blind ${tag}`,
      transcriptionIds: [mine.id],
      reviewerIds: [users.r1.id, users.r2.id],
      actor: actor('lead'),
    });
    await saveCalibrationVerdicts(h.hubContext(), {
      sessionId: session.id,
      userId: users.r1.id,
      transcriptionId: mine.id,
      verdicts: { [mine.criteria[0].criterionId]: 'FAIL' },
    });
    const page = await lead.get(`/console/calibration/${session.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`r1 ${tag}: not submitted`);
    expect(page.text).not.toContain('calibration-results');
    expect(page.text).not.toContain('calibration-verdicts');
    expect((await lead.get(`/console/calibration/${session.id}/results.csv`)).status).toBe(409);
    expect((await lead.get('/console/calibration/not-a-session')).status).toBe(404);
    // The reviewer's own verdict is shown back to them only.
    const reviewer = await signIn('r1');
    const own = await reviewer.get(`/console/calibration/${session.id}`);
    expect(own.text).toMatch(/<option value="FAIL" selected>/);
    expect((await signIn('r2').then((r2) => r2.get(`/console/calibration/${session.id}`))).text).not.toMatch(
      /<option value="FAIL" selected>/,
    );
  });
  it("hides the AI's verdicts on the queue and the calls page from a reviewer who has not submitted yet", async () => {
    const evaluatorId = randomUUID();
    const call = await seedMirroredCall(h.db, {
      evaluatorId,
      participantId: randomUUID(),
      criteria: [{ name: `Verification ${tag}`, type: 'strict', status: 'FAIL' }],
      score: 37.25,
    });
    const session = await createCalibrationSession(h.hubContext(), {
      title: `Queue blind ${tag}`,
      transcriptionIds: [call.id],
      reviewerIds: [users.r1.id, users.r2.id],
      actor: actor('lead'),
    });
    const rowOf = (text: string) => new RegExp(`<tr data-id="${call.id}">[\\s\\S]*?</tr>`).exec(text)?.[0] ?? '';
    const queue = `/console?evaluator=${evaluatorId}`;
    const calls = `/console/calls?tab=all&evaluator=${evaluatorId}`;
    const r1 = await signIn('r1');
    for (const path of [queue, calls]) {
      const row = rowOf((await r1.get(path)).text);
      expect([path, row]).toEqual([path, expect.stringContaining('in calibration')]);
      expect(row).not.toContain('37.25');
      expect(row).not.toContain(`Verification ${tag}`);
      expect(row).not.toContain('Yes');
    }
    // A lead who is not a reviewer sees them; so does the reviewer once submitted.
    const lead = await signIn('lead');
    expect(rowOf((await lead.get(queue)).text)).toContain(`Verification ${tag}`);
    expect(rowOf((await lead.get(calls)).text)).toContain('37.25');
    await saveCalibrationVerdicts(h.hubContext(), {
      sessionId: session.id,
      userId: users.r1.id,
      transcriptionId: call.id,
      verdicts: { [call.criteria[0].criterionId]: 'FAIL' },
    });
    await submitCalibration(h.hubContext(), { sessionId: session.id, userId: users.r1.id, actor: actor('r1') });
    expect(rowOf((await r1.get(queue)).text)).toContain(`Verification ${tag}`);
    expect(rowOf((await r1.get(calls)).text)).toContain('37.25');
  });
});

describe('agent routes', () => {
  it('answers 404 outside the agent’s calls and pages, and lets only the agent dispute and acknowledge', async () => {
    const agent = await signIn('agent');
    const token = await tokenOf(agent, '/console/my-calls');
    for (const path of [
      '/console/queues',
      '/console/calibration',
      `/console/calls/${theirs.id}`,
      `/console/calls/${theirs.id}/recording`,
      '/console/calls/not-a-call',
    ]) {
      expect([path, (await agent.get(path)).status]).toEqual([path, 404]);
    }
    const criterionId = theirs.criteria[0].criterionId;
    const dispute = (who: Agent, callId: string, csrf: string) =>
      who
        .post(`/console/calls/${callId}/disputes/${criterionId}`)
        .type('form')
        .set('accept', 'application/json')
        .send({ _csrf: csrf, proposed: 'FAIL', reason: 'Not greeted' });
    expect((await dispute(agent, theirs.id, token)).status).toBe(404);
    expect((await agent.post('/console/calibration').type('form').send({ _csrf: token })).status).toBe(404);
    const lead = await signIn('lead');
    const leadToken = await tokenOf(lead, '/console/disputes');
    expect((await dispute(lead, mine.id, leadToken)).status).toBe(403);

    const note = await addCoachingNote(h.hubContext(), {
      transcriptionId: theirs.id,
      criterionId,
      body: 'Not yours',
      actor: actor('lead'),
    });
    const ack = (who: Agent, csrf: string) =>
      who.post(`/console/coaching/${note.id}/acknowledge`).type('form').set('accept', 'application/json').send({ _csrf: csrf });
    expect((await ack(agent, token)).status).toBe(404);
    expect((await ack(lead, leadToken)).status).toBe(403);
    expect((await h.db.hubCoachingNote.findUniqueOrThrow({ where: { id: note.id } })).acknowledgedAt).toBeNull();
    expect(await h.db.hubDispute.count({ where: { transcriptionId: { in: [mine.id, theirs.id] } } })).toBe(0);
  });

  it('shows the agent a changed verdict and its reason, never which lead changed it', async () => {
    await overrideCriterion(h.hubContext(), {
      transcriptionId: mine.id,
      criterionId: mine.criteria[0].criterionId,
      verdict: 'FAIL',
      reason: 'The greeting came after the account number',
      actor: actor('lead'),
    });
    const page = await (await signIn('agent')).get(`/console/calls/${mine.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Overridden by a QA lead');
    expect(page.text).toContain('The greeting came after the account number');
    expect(page.text).not.toContain(users.lead.email);
    expect((await (await signIn('lead')).get(`/console/calls/${mine.id}`)).text).toContain(`Overridden by ${users.lead.email}`);

    // The disputes page neither: the outcome and the lead's note, not who settled it.
    const dispute = await openDispute(h.hubContext(), {
      transcriptionId: mine.id,
      criterionId: mine.criteria[0].criterionId,
      reason: 'I greeted first',
      proposedVerdict: 'PASS',
      actor: actor('agent'),
      viewer: { role: 'agent', participantId },
    });
    await resolveDispute(h.hubContext(), {
      disputeId: dispute.id,
      outcome: 'rejected',
      note: 'The account number came first',
      actor: actor('lead'),
    });
    const disputes = await (await signIn('agent')).get('/console/disputes');
    expect(disputes.status).toBe(200);
    expect(disputes.text).toContain('The account number came first');
    expect(disputes.text).not.toContain(users.lead.email);
    expect((await (await signIn('lead')).get('/console/disputes')).text).toContain(users.lead.email);
  });
});

describe('disputes page', () => {
  it('offers only Rejected for a dispute whose criterion is no longer in the evaluation', async () => {
    const evaluatorId = randomUUID();
    const call = await seedMirroredCall(h.db, { evaluatorId, participantId, criteria: [{ name: `Gone ${tag}`, status: 'PASS' }] });
    const criterionId = call.criteria[0].criterionId;
    const dispute = await openDispute(h.hubContext(), {
      transcriptionId: call.id,
      criterionId,
      reason: 'Retired criterion',
      proposedVerdict: 'FAIL',
      actor: actor('agent'),
      viewer: { role: 'agent', participantId },
    });
    await h.db.hubCriterionResult.delete({ where: { transcriptionId_criterionId: { transcriptionId: call.id, criterionId } } });
    const page = await (await signIn('lead')).get(`/console/disputes?status=open&evaluator=${evaluatorId}`);
    const form = new RegExp(`<form[^>]*id="dispute-${dispute.id}"[\\s\\S]*?</form>`).exec(page.text)?.[0] ?? '';
    expect(form).toContain('<option value="rejected">Rejected</option>');
    expect(form).not.toContain('value="accepted"');
    expect(form).not.toContain('value="partly_accepted"');
  });

  it('pages open disputes oldest first, so none is hidden past the first page', async () => {
    const evaluatorId = randomUUID();
    const call = await seedMirroredCall(h.db, { evaluatorId, participantId, criteria: [{ name: `Paged ${tag}`, status: 'PASS' }] });
    // 101 open disputes a minute apart (one per criterion row is the rule, so written as rows here).
    const start = Date.now() - 200 * 60_000;
    await h.db.hubDispute.createMany({
      data: Array.from({ length: 101 }, (_, i) => ({
        transcriptionId: call.id,
        criterionId: randomUUID(),
        openedBy: users.agent.id,
        reason: `Paged dispute ${i}`,
        proposedValue: 0,
        status: 'open',
        createdAt: new Date(start + i * 60_000),
      })),
    });
    const lead = await signIn('lead');
    const first = await lead.get(`/console/disputes?status=open&evaluator=${evaluatorId}`);
    expect(first.status).toBe(200);
    const reasons = (text: string) => [...text.matchAll(/Paged dispute (\d+)</g)].map((m) => Number(m[1]));
    expect(reasons(first.text)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    const next = /<a href="([^"]+)" rel="next">/.exec(first.text)?.[1]?.replaceAll('&amp;', '&');
    expect(next).toBeDefined();
    const second = await lead.get(next ?? '');
    expect(reasons(second.text)).toEqual([100]);
    expect(second.text).not.toContain('rel="next"');
    expect((await lead.get('/console/disputes?after=not-a-cursor')).status).toBe(400);
  });
});
