/**
 * Disputes, coaching notes and calibration sessions on the mirror, against PostgreSQL: an agent
 * disputes only their own calls within the window; an accepted dispute overrides through the
 * override path (score and critical-fail flag change, audited), a rejected one changes nothing;
 * a coaching note is acknowledged by its agent only; a calibration session stays blind until every
 * reviewer has submitted, then shows the results, the benchmark, alignment and kappa, and never
 * touches the calls' own verdicts. Also the AI-vs-human kappa from reviewed calls.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleUser } from '../../../src/hub/console/users/manage-console-users.js';
import { loadAiHumanKappa } from '../../../src/hub/review/agreement/ai-human-agreement.js';
import type { Actor } from '../../../src/hub/review/audit-trail.js';
import { benchmarkFromMajority, setCalibrationBenchmarks } from '../../../src/hub/review/calibration/calibration-benchmark.js';
import { calibrationResultsCsv } from '../../../src/hub/review/calibration/calibration-csv.js';
import { loadCalibrationView } from '../../../src/hub/review/calibration/calibration-results.js';
import {
  closeCalibrationSession,
  closeDueCalibrationSessions,
  createCalibrationSession,
} from '../../../src/hub/review/calibration/calibration-session.js';
import { saveCalibrationVerdicts, submitCalibration } from '../../../src/hub/review/calibration/calibration-verdicts.js';
import { acknowledgeCoachingNote, addCoachingNote, listCoachingNotes } from '../../../src/hub/review/coaching/coaching-notes.js';
import { listDisputes } from '../../../src/hub/review/disputes/list-disputes.js';
import { openDispute } from '../../../src/hub/review/disputes/open-dispute.js';
import { resolveDispute } from '../../../src/hub/review/disputes/resolve-dispute.js';
import { overrideCriterion } from '../../../src/hub/review/record-verdict.js';
import { createHarness, type Harness } from '../../support/harness.js';
import { seedMirroredCall, type MirroredCall } from '../../support/mirrored-calls.js';
import { closeInOrder } from '../../support/close-in-order.js';

let h: Harness;
const password = 'correct horse battery staple';
const suffix = randomUUID().slice(0, 8);
const evaluatorId = randomUUID();
const participant = randomUUID();
const otherParticipant = randomUUID();
const users: Record<'lead' | 'agent' | 'otherAgent' | 'a' | 'b' | 'c', { id: string; email: string }> = {} as never;
const actor = (who: keyof typeof users): Actor => ({ kind: 'user', id: users[who].id, email: users[who].email });
const agentViewer = { role: 'agent', participantId: participant };
const otherAgentViewer = { role: 'agent', participantId: otherParticipant };
const ctx = (now = new Date()) => ({ db: h.db, now: () => now });
/** The agent disputes one criterion of one of their calls. */
const agentDisputes = (transcriptionId: string, criterionId: string, reason: string, proposedVerdict: string) =>
  openDispute(ctx(), { transcriptionId, criterionId, reason, proposedVerdict, actor: actor('agent'), viewer: agentViewer });
const criteria = [
  { name: 'Greeting', status: 'PASS' as const },
  { name: 'Empathy', status: 'FAIL' as const },
  { name: 'Identity verified', type: 'strict' as const, status: 'FAIL' as const },
];

beforeAll(async () => {
  h = createHarness();
  const make = async (key: keyof typeof users, role: 'lead' | 'agent' | 'admin', participantId?: string) => {
    const user = await createConsoleUser(
      h.db,
      { email: `${key}-${suffix}@example.com`, name: key, role, password, participantId },
      { kind: 'cli' },
    );
    users[key] = { id: user.id, email: user.email };
  };
  await make('lead', 'lead');
  await make('agent', 'agent', participant);
  await make('otherAgent', 'agent', otherParticipant);
  await make('a', 'lead');
  await make('b', 'lead');
  await make('c', 'admin');
});
afterAll(() => closeInOrder(h));

const effectiveOf = (id: string) => h.db.hubReview.findUnique({ where: { transcriptionId: id } });
const criterionOf = (call: MirroredCall, name: string) => call.criteria.find((c) => c.name === name)!.criterionId;

describe('disputes', () => {
  it('an agent disputes a critical fail on their call; the lead accepts it: the verdict, score and flag change, audited', async () => {
    const call = await seedMirroredCall(h.db, { evaluatorId, participantId: participant, criteria, score: 50 });
    const identity = criterionOf(call, 'Identity verified');
    await expect(
      openDispute(ctx(), {
        transcriptionId: call.id,
        criterionId: identity,
        reason: 'I verified the date of birth at 0:42',
        proposedVerdict: 'PASS',
        actor: actor('otherAgent'),
        viewer: otherAgentViewer,
      }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(agentDisputes(call.id, identity, 'same', 'FAIL')).rejects.toThrow(/already in force/);
    await expect(agentDisputes(call.id, identity, '   ', 'PASS')).rejects.toThrow(/reason is required/);
    // The window is the hub's setting, which the admin API's tests beside this one change: past the longest it may be.
    const late = new Date(Date.now() + 366 * 86_400_000);
    await expect(
      openDispute(ctx(late), {
        transcriptionId: call.id,
        criterionId: identity,
        reason: 'late',
        proposedVerdict: 'PASS',
        actor: actor('agent'),
        viewer: agentViewer,
      }),
    ).rejects.toThrow(/dispute window closed/);

    const dispute = await agentDisputes(call.id, identity, 'I verified the date of birth at 0:42', 'PASS');
    await expect(agentDisputes(call.id, identity, 'again', 'PASS')).rejects.toMatchObject({ status: 409 });
    expect((await listDisputes(h.db, { status: 'open', limit: 100 }, new Date(), agentViewer)).rows.map((d) => d.id)).toContain(dispute.id);
    expect((await listDisputes(h.db, { status: 'open', limit: 100 }, new Date(), otherAgentViewer)).rows.map((d) => d.id)).not.toContain(
      dispute.id,
    );

    const { effective } = await resolveDispute(ctx(), {
      disputeId: dispute.id,
      outcome: 'accepted',
      note: 'Heard it: verified',
      actor: actor('lead'),
    });
    expect(effective?.criticalFail).toBe(false);
    const review = await effectiveOf(call.id);
    expect(review?.effectiveCriticalFail).toBe(false);
    expect(review?.overrideCount).toBe(1);
    const override = await h.db.hubReviewOverride.findUnique({
      where: { transcriptionId_criterionId: { transcriptionId: call.id, criterionId: identity } },
    });
    expect(override?.value).toBe(1);
    expect(override?.reason).toMatch(/^Dispute accepted: I verified the date of birth/);
    const audit = await h.db.hubAuditEvent.findMany({ where: { transcriptionId: call.id }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((e) => e.kind)).toEqual(['dispute_opened', 'override', 'dispute_resolved']);
    await expect(
      resolveDispute(ctx(), { disputeId: dispute.id, outcome: 'rejected', note: 'twice', actor: actor('lead') }),
    ).rejects.toMatchObject({ status: 409 });
  });

  it("a rejected dispute changes nothing; a partly accepted one takes the lead's verdict", async () => {
    const call = await seedMirroredCall(h.db, {
      evaluatorId,
      participantId: participant,
      criteria: [...criteria, { name: 'Tone', type: 'scale', status: 'FAIL', raw: 2 }],
    });
    const empathy = criterionOf(call, 'Empathy');
    const rejected = await agentDisputes(call.id, empathy, 'I apologised twice', 'PASS');
    const outcome = await resolveDispute(ctx(), {
      disputeId: rejected.id,
      outcome: 'rejected',
      note: 'No apology heard',
      actor: actor('lead'),
    });
    expect(outcome.effective).toBeNull();
    expect(await effectiveOf(call.id)).toBeNull();
    expect(await h.db.hubReviewOverride.count({ where: { transcriptionId: call.id } })).toBe(0);

    const tone = criterionOf(call, 'Tone');
    const partly = await agentDisputes(call.id, tone, 'Calm throughout', '5');
    await expect(
      resolveDispute(ctx(), { disputeId: partly.id, outcome: 'partly_accepted', note: 'Mostly calm', actor: actor('lead') }),
    ).rejects.toThrow(/needs the verdict/);
    await resolveDispute(ctx(), {
      disputeId: partly.id,
      outcome: 'partly_accepted',
      verdict: '4',
      note: 'Mostly calm',
      actor: actor('lead'),
    });
    const override = await h.db.hubReviewOverride.findUnique({
      where: { transcriptionId_criterionId: { transcriptionId: call.id, criterionId: tone } },
    });
    expect(override?.value).toBe(4);
    const [listed] = (await listDisputes(h.db, { status: 'partly_accepted', limit: 100 }, new Date(), agentViewer)).rows;
    expect(listed).toMatchObject({ id: partly.id, criterion: 'Tone', proposed: '5 / 5', resolved: '4 / 5', resolutionNote: 'Mostly calm' });
  });
  it('a dispute whose criterion left the mirrored evaluation can still be rejected, not accepted', async () => {
    const call = await seedMirroredCall(h.db, { evaluatorId, participantId: participant, criteria });
    const greeting = criterionOf(call, 'Greeting');
    const dispute = await agentDisputes(call.id, greeting, 'I greeted late but warmly', 'FAIL');
    // A re-evaluation mirrored without that criterion (its results replaced).
    await h.db.hubCriterionResult.delete({ where: { transcriptionId_criterionId: { transcriptionId: call.id, criterionId: greeting } } });
    const [listed] = (await listDisputes(h.db, { status: 'open', evaluator: evaluatorId, limit: 500 }, new Date())).rows.filter(
      (d) => d.id === dispute.id,
    );
    expect(listed).toMatchObject({ criterion: greeting, criterionGone: true });
    for (const outcome of ['accepted', 'partly_accepted'])
      await expect(
        resolveDispute(ctx(), { disputeId: dispute.id, outcome, verdict: 'FAIL', note: 'Gone', actor: actor('lead') }),
      ).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/no longer in the call's evaluation: only Rejected/) });
    const rejected = await resolveDispute(ctx(), {
      disputeId: dispute.id,
      outcome: 'rejected',
      note: 'Criterion retired',
      actor: actor('lead'),
    });
    expect(rejected).toMatchObject({ dispute: { status: 'rejected', resolutionNote: 'Criterion retired' }, effective: null });
    const audit = await h.db.hubAuditEvent.findFirstOrThrow({ where: { kind: 'dispute_resolved', transcriptionId: call.id } });
    expect(audit.before).toMatchObject({ dispute: dispute.id, criterion: greeting });
    expect(await h.db.hubReviewOverride.count({ where: { transcriptionId: call.id } })).toBe(0);
  });
});

describe('coaching notes', () => {
  it("are acknowledged by the call's agent only, and the lead sees it", async () => {
    const call = await seedMirroredCall(h.db, { evaluatorId, participantId: participant, criteria });
    const note = await addCoachingNote(ctx(), {
      transcriptionId: call.id,
      criterionId: criterionOf(call, 'Empathy'),
      body: "Name the customer's frustration before the fix.",
      actor: actor('lead'),
    });
    await expect(
      acknowledgeCoachingNote(ctx(), { noteId: note.id, actor: actor('otherAgent'), viewer: otherAgentViewer }),
    ).rejects.toMatchObject({ status: 404 });
    expect((await listCoachingNotes(h.db, { viewer: otherAgentViewer })).map((n) => n.id)).not.toContain(note.id);
    const mine = await listCoachingNotes(h.db, { viewer: agentViewer, unacknowledgedOnly: true });
    expect(mine.find((n) => n.id === note.id)).toMatchObject({ criterion: 'Empathy', acknowledgedAt: null });
    await acknowledgeCoachingNote(ctx(), { noteId: note.id, actor: actor('agent'), viewer: agentViewer });
    const [seen] = await listCoachingNotes(h.db, { transcriptionId: call.id });
    expect(seen.acknowledgedAt).toBeInstanceOf(Date);
    expect(seen.acknowledgedBy).toBe(users.agent.id);
  });
});

describe('calibration sessions', () => {
  it('stay blind until every reviewer submits, then show results, benchmark, alignment and kappa; the calls are untouched', async () => {
    const calls = [
      await seedMirroredCall(h.db, { evaluatorId, participantId: participant, criteria }),
      await seedMirroredCall(h.db, { evaluatorId, participantId: participant, criteria }),
    ];
    const before = await h.db.hubCriterionResult.findMany({
      where: { transcriptionId: { in: calls.map((c) => c.id) } },
      orderBy: [{ transcriptionId: 'asc' }, { position: 'asc' }],
    });
    await expect(
      createCalibrationSession(ctx(), {
        title: 'x',
        transcriptionIds: [calls[0].id],
        reviewerIds: [users.a.id, users.agent.id],
        actor: actor('lead'),
      }),
    ).rejects.toThrow(/cannot review/);
    const session = await createCalibrationSession(ctx(), {
      title: 'November calibration',
      transcriptionIds: calls.map((c) => c.id),
      reviewerIds: [users.a.id, users.b.id, users.c.id],
      actor: actor('lead'),
    });

    // Each reviewer's verdicts per call: Greeting, Empathy, Identity verified.
    const verdicts: Record<'a' | 'b' | 'c', string[][]> = {
      a: [
        ['PASS', 'FAIL', 'FAIL'],
        ['PASS', 'PASS', 'FAIL'],
      ],
      b: [
        ['PASS', 'FAIL', 'PASS'],
        ['PASS', 'PASS', 'FAIL'],
      ],
      c: [
        ['FAIL', 'FAIL', 'FAIL'],
        ['PASS', 'PASS', 'FAIL'],
      ],
    };
    const give = async (who: 'a' | 'b' | 'c') => {
      for (const [i, call] of calls.entries()) {
        await saveCalibrationVerdicts(h, {
          sessionId: session.id,
          userId: users[who].id,
          transcriptionId: call.id,
          verdicts: Object.fromEntries(call.criteria.map((c, j) => [c.criterionId, verdicts[who][i][j]])),
        });
      }
    };
    await give('a');
    await give('b');
    await expect(submitCalibration(ctx(), { sessionId: session.id, userId: users.c.id, actor: actor('c') })).rejects.toThrow(
      /6 of 6 verdicts are still missing/,
    );
    expect((await submitCalibration(ctx(), { sessionId: session.id, userId: users.a.id, actor: actor('a') })).revealed).toBe(false);

    // A has submitted, B has not: neither sees anyone else's verdicts nor the AI's; nor does the lead.
    for (const viewer of [users.a.id, users.b.id, users.lead.id, null]) {
      const view = await loadCalibrationView(h.db, session.id, viewer);
      expect(view.results).toBeNull();
      expect(JSON.stringify(view)).not.toMatch(/"ai"/);
    }
    const bView = await loadCalibrationView(h.db, session.id, users.b.id);
    expect(Object.keys(bView.mine)).toHaveLength(6);
    expect(bView.reviewers.map((r) => r.submitted)).toEqual([true, false, false]);
    await expect(
      saveCalibrationVerdicts(h, { sessionId: session.id, userId: users.a.id, transcriptionId: calls[0].id, verdicts: {} }),
    ).rejects.toMatchObject({ status: 409 });
    await expect(setCalibrationBenchmarks(h, { sessionId: session.id, entries: [], actor: actor('lead') })).rejects.toMatchObject({
      status: 409,
    });

    await submitCalibration(ctx(), { sessionId: session.id, userId: users.b.id, actor: actor('b') });
    await give('c');
    expect((await submitCalibration(ctx(), { sessionId: session.id, userId: users.c.id, actor: actor('c') })).revealed).toBe(true);

    // The benchmark: the majority, then the lead settles Identity on call 1 (2 FAIL vs 1 PASS: majority FAIL already).
    expect(await benchmarkFromMajority(h, { sessionId: session.id, actor: actor('lead') })).toBe(6);
    const view = await loadCalibrationView(h.db, session.id, users.lead.id);
    const results = view.results!;
    // Benchmark per call: [PASS, FAIL, FAIL], [PASS, PASS, FAIL]. A matches 6/6, B 5/6, C 5/6.
    expect(results.alignment[users.a.id]).toBeCloseTo(1, 10);
    expect(results.alignment[users.b.id]).toBeCloseTo(5 / 6, 10);
    expect(results.alignment[users.c.id]).toBeCloseTo(5 / 6, 10);
    // The AI said PASS, FAIL, FAIL on both calls: 5 of 6 equal to the benchmark.
    expect(results.aiAlignment).toBeCloseTo(5 / 6, 10);
    const empathy = results.criteria.find((c) => c.name === 'Empathy')!;
    expect(empathy.reviewerKappa[users.a.id]).toBe(1);
    expect(empathy.aiKappa).toBe(0);
    // Identity: every reviewer FAIL on call 2; on call 1 two FAIL and one PASS. Fleiss: P̄ = (1/3 + 1)/2, P̄ₑ = (1/6)² + (5/6)².
    const identity = results.criteria.find((c) => c.name === 'Identity verified')!;
    const pBar = (1 / 3 + 1) / 2;
    const pE = (1 / 6) ** 2 + (5 / 6) ** 2;
    expect(identity.fleissKappa).toBeCloseTo((pBar - pE) / (1 - pE), 10);
    expect(identity.reviewerKappa[users.a.id]).toBeNull();
    const csv = calibrationResultsCsv(view);
    expect(csv.split('\n')[0]).toBe(
      `call_id,call,criterion,${[users.a, users.b, users.c]
        .map((u) => u.email)
        .sort((x, y) => x.localeCompare(y))
        .join(',')},ai,benchmark`,
    );
    expect(csv).toContain('alignment %');

    // The calls' own verdicts are untouched: no override, no review row, results unchanged.
    expect(await h.db.hubReviewOverride.count({ where: { transcriptionId: { in: calls.map((c) => c.id) } } })).toBe(0);
    expect(await h.db.hubReview.count({ where: { transcriptionId: { in: calls.map((c) => c.id) } } })).toBe(0);
    const after = await h.db.hubCriterionResult.findMany({
      where: { transcriptionId: { in: calls.map((c) => c.id) } },
      orderBy: [{ transcriptionId: 'asc' }, { position: 'asc' }],
    });
    expect(after).toEqual(before);
  });

  it('a lead can close a session early: the results are revealed to all', async () => {
    const call = await seedMirroredCall(h.db, { evaluatorId, participantId: participant, criteria });
    const session = await createCalibrationSession(ctx(), {
      title: 'early',
      transcriptionIds: [call.id],
      reviewerIds: [users.a.id, users.b.id],
      actor: actor('lead'),
    });
    await closeCalibrationSession(ctx(), { sessionId: session.id, actor: actor('lead') });
    const view = await loadCalibrationView(h.db, session.id, users.a.id);
    expect(view.revealed).toBe(true);
    expect(view.results?.cells).toHaveLength(3);
    await expect(submitCalibration(ctx(), { sessionId: session.id, userId: users.a.id, actor: actor('a') })).rejects.toMatchObject({
      status: 409,
    });
  });

  it('reveals when the last two reviewers submit at once; a double submit records one event', async () => {
    const call = await seedMirroredCall(h.db, { evaluatorId, participantId: participant, criteria });
    const reviewers = ['a', 'b', 'c'] as const;
    // Several sessions side by side, so that the submissions really overlap.
    const sessions = [];
    for (let i = 0; i < 5; i += 1) {
      const session = await createCalibrationSession(ctx(), {
        title: `together ${i}`,
        transcriptionIds: [call.id],
        reviewerIds: reviewers.map((who) => users[who].id),
        actor: actor('lead'),
      });
      for (const who of reviewers)
        await saveCalibrationVerdicts(h, {
          sessionId: session.id,
          userId: users[who].id,
          transcriptionId: call.id,
          verdicts: Object.fromEntries(call.criteria.map((c) => [c.criterionId, 'PASS'])),
        });
      sessions.push(session.id);
    }
    const submit = (sessionId: string, who: (typeof reviewers)[number]) =>
      submitCalibration(ctx(), { sessionId, userId: users[who].id, actor: actor(who) });
    // A double click: one submission, the other refused.
    const twice = await Promise.all(sessions.map((id) => Promise.allSettled([submit(id, 'a'), submit(id, 'a')])));
    for (const pair of twice) expect(pair.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    // The last two at the same moment: exactly one of them reveals.
    const last = await Promise.all(sessions.map((id) => Promise.all([submit(id, 'b'), submit(id, 'c')])));
    for (const pair of last) expect(pair.map((r) => r.revealed).sort()).toEqual([false, true]);
    const events = await h.db.hubAuditEvent.findMany({ where: { kind: { in: ['calibration_submitted', 'calibration_revealed'] } } });
    for (const id of sessions) {
      expect((await h.db.hubCalibrationSession.findUniqueOrThrow({ where: { id } })).revealedAt).not.toBeNull();
      const ofSession = events.filter((e) => (e.after as { session?: string }).session === id);
      expect(ofSession.filter((e) => e.kind === 'calibration_submitted')).toHaveLength(3);
      expect(ofSession.filter((e) => e.kind === 'calibration_revealed')).toHaveLength(1);
    }
  });

  it('reveals once when leads close it early while its last reviewer saves and submits; the losers are refused as conflicts', async () => {
    const call = await seedMirroredCall(h.db, { evaluatorId, participantId: participant, criteria });
    const allPass = Object.fromEntries(call.criteria.map((c) => [c.criterionId, 'PASS']));
    const sessions = [];
    for (let i = 0; i < 5; i += 1) {
      const session = await createCalibrationSession(ctx(), {
        title: `closing ${i}`,
        transcriptionIds: [call.id],
        reviewerIds: [users.a.id, users.b.id],
        actor: actor('lead'),
      });
      for (const who of ['a', 'b'] as const)
        await saveCalibrationVerdicts(h, { sessionId: session.id, userId: users[who].id, transcriptionId: call.id, verdicts: allPass });
      await submitCalibration(ctx(), { sessionId: session.id, userId: users.a.id, actor: actor('a') });
      sessions.push(session.id);
    }
    const outcomes = await Promise.all(
      sessions.map((sessionId) =>
        Promise.allSettled([
          closeCalibrationSession(ctx(), { sessionId, actor: actor('lead') }),
          closeCalibrationSession(ctx(), { sessionId, actor: actor('lead') }),
          submitCalibration(ctx(), { sessionId, userId: users.b.id, actor: actor('b') }),
          saveCalibrationVerdicts(h, { sessionId, userId: users.b.id, transcriptionId: call.id, verdicts: allPass }),
        ]),
      ),
    );
    // What lost a race is refused as a conflict (closed, or already submitted), never a server error.
    for (const r of outcomes.flat()) if (r.status === 'rejected') expect(r.reason).toMatchObject({ status: 409 });
    const events = await h.db.hubAuditEvent.findMany({ where: { kind: 'calibration_revealed' } });
    for (const id of sessions) {
      expect((await h.db.hubCalibrationSession.findUniqueOrThrow({ where: { id } })).revealedAt).not.toBeNull();
      expect(events.filter((e) => (e.after as { session?: string }).session === id)).toHaveLength(1);
    }
  });

  it('closes at its deadline: the clock reveals it, once, and says so in the audit trail', async () => {
    const call = await seedMirroredCall(h.db, { evaluatorId, participantId: participant, criteria });
    const start = new Date();
    const deadline = new Date(start.getTime() + 3_600_000);
    const session = await createCalibrationSession(ctx(start), {
      title: 'due',
      transcriptionIds: [call.id],
      reviewerIds: [users.a.id, users.b.id],
      deadline,
      actor: actor('lead'),
    });
    expect(await closeDueCalibrationSessions(ctx(new Date(deadline.getTime() - 1)))).toBe(0);
    expect((await loadCalibrationView(h.db, session.id, users.a.id)).revealed).toBe(false);
    expect(await closeDueCalibrationSessions(ctx(new Date(deadline.getTime() + 1)))).toBeGreaterThanOrEqual(1);
    expect((await loadCalibrationView(h.db, session.id, users.a.id)).revealed).toBe(true);
    expect(await closeDueCalibrationSessions(ctx(new Date(deadline.getTime() + 60_000)))).toBe(0);
    const events = await h.db.hubAuditEvent.findMany({ where: { kind: 'calibration_revealed', actor: 'clock' } });
    expect(events.filter((e) => (e.after as { session?: string }).session === session.id)).toHaveLength(1);
  });
});

describe('AI-vs-human agreement', () => {
  it("is Cohen's kappa of the AI's verdicts against the effective human ones on reviewed calls, by month", async () => {
    const ownEvaluator = randomUUID();
    const months = [new Date('2026-01-15T10:00:00Z'), new Date('2026-02-15T10:00:00Z')];
    // January: 4 reviewed calls, the AI PASS on 2, FAIL on 2; the lead overturns one FAIL to PASS.
    // February: 2 reviewed calls, both left as the AI said. Plus one unreviewed call (not counted).
    const seeded = [];
    for (const [month, status] of [
      [0, 'PASS'],
      [0, 'PASS'],
      [0, 'FAIL'],
      [0, 'FAIL'],
      [1, 'PASS'],
      [1, 'FAIL'],
    ] as const) {
      seeded.push(
        await seedMirroredCall(h.db, {
          evaluatorId: ownEvaluator,
          participantId: participant,
          criteria: [{ name: 'Empathy', status }],
          recordedAt: months[month],
        }),
      );
    }
    await seedMirroredCall(h.db, {
      evaluatorId: ownEvaluator,
      participantId: participant,
      criteria: [{ name: 'Empathy', status: 'PASS' }],
      recordedAt: months[0],
    });
    for (const [i, call] of seeded.entries()) {
      await overrideCriterion(ctx(), {
        transcriptionId: call.id,
        criterionId: call.criteria[0].criterionId,
        verdict: i === 2 ? 'PASS' : ['PASS', 'PASS', 'PASS', 'FAIL', 'PASS', 'FAIL'][i],
        reason: 'reviewed',
        actor: actor('lead'),
      });
    }
    const [empathy] = await loadAiHumanKappa(h.db, {
      start: new Date('2026-01-01T00:00:00Z'),
      end: new Date('2026-03-01T00:00:00Z'),
      evaluator: ownEvaluator,
    });
    // Pairs (AI, human): (1,1)×3, (0,1)×1, (0,0)×2 → pₒ = 5/6, pₑ = (3/6)(4/6) + (3/6)(2/6) = 1/2, κ = 2/3.
    expect(empathy.reviewed).toBe(6);
    expect(empathy.kappa).toBeCloseTo(2 / 3, 10);
    // January: (1,1)×2, (0,1), (0,0): pₒ 3/4, pₑ (2/4)(3/4) + (2/4)(1/4) = 1/2, κ = 1/2. February: perfect, κ = 1.
    expect(empathy.months).toEqual([
      { month: '2026-01', reviewed: 4, kappa: 0.5 },
      { month: '2026-02', reviewed: 2, kappa: 1 },
    ]);
  });
});
