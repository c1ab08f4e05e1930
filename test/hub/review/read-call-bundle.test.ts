/**
 * The call view's one statement (src/hub/review/read-call-bundle.ts) against Prisma's reads of the
 * same rows: every model field with its type (Dates, floats, json, arrays, nulls), each list in the
 * view's order, the authors' emails, the coaching notes' criterion names, and the calibration
 * session a reviewer still scores the call in. A column added to one of these tables without its
 * date listed in the bundle makes this test fail.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolOf } from '../../../src/db.js';
import { createConsoleUser } from '../../../src/hub/console/users/manage-console-users.js';
import type { Actor } from '../../../src/hub/review/audit-trail.js';
import { createCalibrationSession } from '../../../src/hub/review/calibration/calibration-session.js';
import { saveCalibrationVerdicts, submitCalibration } from '../../../src/hub/review/calibration/calibration-verdicts.js';
import { addCoachingNote } from '../../../src/hub/review/coaching/coaching-notes.js';
import { readCallBundle } from '../../../src/hub/review/read-call-bundle.js';
import { addNote, overrideCriterion } from '../../../src/hub/review/record-verdict.js';
import { closeInOrder } from '../../support/close-in-order.js';
import { createHarness, type Harness } from '../../support/harness.js';
import { seedMirroredCall, type MirroredCall } from '../../support/mirrored-calls.js';

let h: Harness;
const suffix = randomUUID().slice(0, 8);
const evaluatorId = randomUUID();
const participantId = randomUUID();
let lead: Actor & { kind: 'user' };
let reviewer: Actor & { kind: 'user' };
let call: MirroredCall;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 2, 9, minute, 0, 123));
const ctx = (minute: number) => ({ db: h.db, now: () => at(minute) });

beforeAll(async () => {
  h = createHarness();
  const make = async (name: string, role: 'lead' | 'admin') => {
    const user = await createConsoleUser(
      h.db,
      { email: `${name}-${suffix}@example.com`, name, role, password: 'correct horse battery staple' },
      { kind: 'cli' },
    );
    return { kind: 'user' as const, id: user.id, email: user.email };
  };
  lead = await make('bundle-lead', 'lead');
  reviewer = await make('bundle-reviewer', 'admin');
  call = await seedMirroredCall(h.db, {
    evaluatorId,
    participantId,
    participantTag: 'agent-7',
    name: 'Bundle call',
    score: 37.5,
    criteria: [
      { name: 'Greeting', status: 'PASS' },
      { name: 'Empathy', type: 'scale', status: 'FAIL', raw: 2 },
      { name: 'Identity verified', type: 'strict', status: 'FAIL' },
    ],
  });
  const [greeting, empathy, identity] = call.criteria.map((c) => c.criterionId) as [string, string, string];
  await h.db.hubTranscription.update({
    where: { id: call.id },
    data: {
      conversation: { segments: [{ speaker: 'A', text: 'Hello', start: 0.5, words: [{ w: 'hello' }] }] },
      summary: { text: 'A call' },
      fields: { order_id: '42', nested: { snake_case: 1 } },
      duration: 0.1 + 0.2,
      redactionPolicies: ['card', 'phone'],
      evaluationGeneratedAt: at(1),
      summaryFeedback: '**good**',
    },
  });
  await overrideCriterion(ctx(2), {
    transcriptionId: call.id,
    criterionId: identity,
    verdict: 'PASS',
    reason: 'Verified at 0:42',
    actor: lead,
  });
  await overrideCriterion(ctx(3), { transcriptionId: call.id, criterionId: empathy, verdict: '4', reason: 'Warm enough', actor: reviewer });
  await addNote(ctx(4), { transcriptionId: call.id, body: 'First note', actor: lead });
  await addNote(ctx(5), { transcriptionId: call.id, body: 'Second note', actor: reviewer });
  await h.db.hubAlert.create({
    data: { transcriptionId: call.id, kind: 'critical_fail', status: 'sent', channel: '#qa', attempts: 2, sentAt: at(6), createdAt: at(1) },
  });
  await h.db.hubDispute.createMany({
    data: [
      { transcriptionId: call.id, criterionId: identity, reason: 'I did verify', proposedValue: 1, createdAt: at(7) },
      {
        transcriptionId: call.id,
        criterionId: greeting,
        reason: 'Older',
        proposedValue: 0,
        status: 'rejected',
        resolvedValue: 1,
        resolutionNote: 'No',
        resolvedBy: lead.email,
        resolvedAt: at(9),
        createdAt: at(6),
      },
    ],
  });
  await addCoachingNote(ctx(10), { transcriptionId: call.id, criterionId: empathy, body: 'Slow down', actor: lead });
  await addCoachingNote(ctx(11), { transcriptionId: call.id, criterionId: greeting, body: 'Name the company', actor: lead });
});
afterAll(() => closeInOrder(h));

/** The call view's rows as Prisma reads them, in the view's orders. */
async function readWithPrisma(id: string) {
  const [transcription, results, overrides, notes, events, alerts, disputes, coaching] = await Promise.all([
    h.db.hubTranscription.findUniqueOrThrow({ where: { id } }),
    h.db.hubCriterionResult.findMany({ where: { transcriptionId: id }, orderBy: { position: 'asc' } }),
    h.db.hubReviewOverride.findMany({ where: { transcriptionId: id } }),
    h.db.hubReviewNote.findMany({ where: { transcriptionId: id }, orderBy: { createdAt: 'desc' } }),
    h.db.hubAuditEvent.findMany({ where: { transcriptionId: id }, orderBy: { createdAt: 'asc' } }),
    h.db.hubAlert.findMany({ where: { transcriptionId: id } }),
    h.db.hubDispute.findMany({ where: { transcriptionId: id }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
    h.db.hubCoachingNote.findMany({ where: { transcriptionId: id }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
  ]);
  const emails = new Map((await h.db.hubConsoleUser.findMany({ select: { id: true, email: true } })).map((u) => [u.id, u.email]));
  const names = new Map(results.map((r) => [r.criterionId, r.name]));
  return {
    transcription,
    results,
    overrides: overrides.map((o) => ({ ...o, userEmail: emails.get(o.userId) ?? null })),
    notes: notes.map((n) => ({ ...n, userEmail: emails.get(n.userId) ?? null })),
    events,
    alerts,
    disputes,
    coaching: coaching.map((c) => ({ ...c, criterion: names.get(c.criterionId) ?? c.criterionId })),
  };
}

const byCriterion = <T extends { criterionId: string }>(rows: T[]) => [...rows].sort((a, b) => a.criterionId.localeCompare(b.criterionId));

describe('the call view read in one statement', () => {
  it('gives the rows Prisma gives, field for field, in the view’s orders', async () => {
    const pool = poolOf(h.db);
    if (!pool) throw new Error('the harness database has no pg pool');
    const bundle = await readCallBundle(pool, call.id, lead.id);
    const expected = await readWithPrisma(call.id);
    expect(bundle).not.toBeNull();
    const { blind, ...rows } = bundle!;
    expect({ ...rows, overrides: byCriterion(rows.overrides) }).toStrictEqual({ ...expected, overrides: byCriterion(expected.overrides) });
    expect(blind).toBeNull();
    // What the orders and joins are checked on: more than one row of each list.
    expect(rows.notes.map((n) => n.body)).toEqual(['Second note', 'First note']);
    expect(rows.notes.map((n) => n.userEmail)).toEqual([reviewer.email, lead.email]);
    expect(rows.disputes.map((d) => d.reason)).toEqual(['I did verify', 'Older']);
    expect(rows.coaching.map((c) => c.criterion)).toEqual(['Greeting', 'Empathy']);
    expect(rows.events.length).toBeGreaterThanOrEqual(4);
    expect(rows.transcription.recordedAt).toBeInstanceOf(Date);
    expect(rows.transcription.duration).toBe(0.1 + 0.2);
  });

  it('names the calibration session a reviewer still scores the call in, until they submit', async () => {
    const pool = poolOf(h.db)!;
    const session = await createCalibrationSession(ctx(20), {
      title: `Blind ${suffix}`,
      transcriptionIds: [call.id],
      reviewerIds: [reviewer.id, lead.id],
      actor: lead,
    });
    expect((await readCallBundle(pool, call.id, reviewer.id))?.blind).toEqual({ id: session.id, title: `Blind ${suffix}` });
    const verdicts = Object.fromEntries(call.criteria.map((c) => [c.criterionId, c.name === 'Empathy' ? '4' : 'PASS']));
    await saveCalibrationVerdicts(ctx(21), { sessionId: session.id, userId: reviewer.id, transcriptionId: call.id, verdicts });
    await submitCalibration(ctx(22), { sessionId: session.id, userId: reviewer.id, actor: reviewer });
    expect((await readCallBundle(pool, call.id, reviewer.id))?.blind).toBeNull();
  });

  it('is null for a call the hub does not hold', async () => {
    expect(await readCallBundle(poolOf(h.db)!, randomUUID(), lead.id)).toBeNull();
  });
});
