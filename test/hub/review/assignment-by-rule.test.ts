/**
 * Assignment by rule (docs/console.md "Assignment") on real PostgreSQL: the waiting unassigned
 * calls go to the rule's reviewers in turn, fewest open calls first; a viewer or a deactivated
 * lead is passed over; calls mirrored at the same time are still shared evenly; a mirror assigns
 * the critical fail it writes; the queue page's form sets the rule, for leads only. Each test has
 * its own reviewers and scopes the assigning to its own participant, since the rule in
 * hub_settings is shared with the files running beside this one; the mirror test sets it for as
 * short a time as it can.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Prisma } from '../../../src/generated/prisma/client.js';
import { createConsoleUser, deactivateConsoleUser } from '../../../src/hub/console/users/manage-console-users.js';
import type { ConsoleRole } from '../../../src/hub/console/users/console-user.js';
import { writeMirror } from '../../../src/hub/mirror/mirror-transcription.js';
import { assignWaitingCalls } from '../../../src/hub/review/assignment/assign-by-rule.js';
import { assignmentSettingKey } from '../../../src/hub/review/assignment/assignment-rule.js';
import { signedInAgent } from '../../console/console-agent.js';
import type { Harness } from '../../support/harness.js';
import { hubStackForFile, type HubStack } from '../../support/hub-stack.js';
import { seedMirroredCall } from '../../support/mirrored-calls.js';
import { evaluatedTranscription } from '../alerts/support.js';

let h: Harness;
let stack: HubStack;
hubStackForFile((harness, started) => {
  h = harness;
  stack = started;
});
afterAll(async () => {
  await h.db.hubSetting.deleteMany({ where: { key: assignmentSettingKey } });
});
const password = 'correct horse battery staple';

/** New console users, one per role given, by name. */
async function newUsers(roles: Record<string, ConsoleRole>): Promise<Record<string, { id: string; email: string }>> {
  const tag = randomUUID().slice(0, 6);
  const made: Record<string, { id: string; email: string }> = {};
  for (const [name, role] of Object.entries(roles)) {
    const email = `${name}-${tag}@example.com`;
    made[name] = { id: (await createConsoleUser(h.db, { email, name: `${name} ${tag}`, role, password }, { kind: 'cli' })).id, email };
  }
  return made;
}

/** `n` critical fails of a new participant, an hour apart, oldest first. */
async function waitingCalls(n: number): Promise<{ participantId: string; ids: string[] }> {
  const participantId = randomUUID();
  const evaluatorId = randomUUID();
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const call = await seedMirroredCall(h.db, {
      evaluatorId,
      participantId,
      criteria: [{ name: 'Verification', type: 'strict', status: 'FAIL' }],
      recordedAt: new Date(Date.UTC(2026, 2, 2, 9 + i)),
    });
    ids.push(call.id);
  }
  return { participantId, ids };
}
const ofParticipant = (participantId: string) => Prisma.sql`t.participant_id = ${participantId}::uuid`;
const assigneesOf = async (ids: string[]) => {
  const rows = await h.db.hubAssignment.findMany({ where: { transcriptionId: { in: ids } } });
  return ids.map((id) => rows.find((r) => r.transcriptionId === id)?.userId ?? null);
};

describe('assignment by rule', () => {
  it('shares the waiting calls out in turn, oldest first, marked as assigned by the rule', async () => {
    const u = await newUsers({ ana: 'lead', ben: 'lead', cleo: 'admin' });
    const { participantId, ids } = await waitingCalls(7);
    const rule = { reviewerIds: [u.ana.id, u.ben.id, u.cleo.id] };
    const now = new Date();
    expect(await assignWaitingCalls(h.db, { scope: ofParticipant(participantId), now, rule })).toBe(7);
    expect(await assigneesOf(ids)).toEqual([u.ana.id, u.ben.id, u.cleo.id, u.ana.id, u.ben.id, u.cleo.id, u.ana.id]);
    const rows = await h.db.hubAssignment.findMany({ where: { transcriptionId: { in: ids } } });
    expect(rows.every((r) => r.assignedBy === null && r.assignedAt.getTime() === now.getTime())).toBe(true);
    // Again: nothing is waiting unassigned, and nobody's calls move.
    expect(await assignWaitingCalls(h.db, { scope: ofParticipant(participantId), now, rule })).toBe(0);
  });

  it('gives new calls to whoever has fewest open calls (archived ones do not count), passing over a viewer and a deactivated lead', async () => {
    const u = await newUsers({ xena: 'lead', yann: 'lead', vic: 'viewer', dora: 'lead' });
    await h.db.hubConsoleUser.update({ where: { id: u.dora.id }, data: { isActive: false } });
    // Xena already has four calls, two of them archived: two open.
    const earlier = await waitingCalls(4);
    await h.db.hubAssignment.createMany({
      data: earlier.ids.map((transcriptionId) => ({
        transcriptionId,
        userId: u.xena.id,
        assignedBy: u.yann.id,
        assignedAt: new Date(Date.now() - 3_600_000),
      })),
    });
    await h.db.hubTranscription.updateMany({ where: { id: { in: earlier.ids.slice(0, 2) } }, data: { group: 'ARCHIVED' } });
    const { participantId, ids } = await waitingCalls(4);
    const rule = { reviewerIds: [u.xena.id, u.vic.id, u.dora.id, u.yann.id] };
    await assignWaitingCalls(h.db, { scope: ofParticipant(participantId), now: new Date(), rule });
    // Yann catches up to two; at two each, Xena (assigned longest ago) takes one; then Yann again.
    expect(await assigneesOf(ids)).toEqual([u.yann.id, u.yann.id, u.xena.id, u.yann.id]);
    // Nobody eligible: the calls wait unassigned.
    const more = await waitingCalls(2);
    expect(
      await assignWaitingCalls(h.db, {
        scope: ofParticipant(more.participantId),
        now: new Date(),
        rule: { reviewerIds: [u.vic.id, u.dora.id] },
      }),
    ).toBe(0);
    expect(await assigneesOf(more.ids)).toEqual([null, null]);
  });

  it('shares calls mirrored at the same moment evenly: each transaction counts the others', async () => {
    const u = await newUsers({ ada: 'lead', bo: 'lead', cy: 'lead' });
    const rule = { reviewerIds: [u.ada.id, u.bo.id, u.cy.id] };
    const { ids } = await waitingCalls(12);
    // Three mirrors at a time, each in its own transaction, held open together before they assign.
    for (let i = 0; i < ids.length; i += 3) {
      await Promise.all(
        ids.slice(i, i + 3).map((id) =>
          h.db.$transaction(async (tx) => {
            await tx.$queryRaw`SELECT pg_sleep(0.3)::text`;
            return assignWaitingCalls(tx, { scope: Prisma.sql`t.id = ${id}::uuid`, now: new Date(), rule });
          }),
        ),
      );
    }
    const got = await assigneesOf(ids);
    expect([u.ada.id, u.bo.id, u.cy.id].map((id) => got.filter((g) => g === id).length)).toEqual([4, 4, 4]);
  });

  it('assigns the critical fail a mirror writes, and leaves a passing call unassigned', async () => {
    const u = await newUsers({ mo: 'lead' });
    const hub = h.hubContext();
    const critical = evaluatedTranscription();
    const passing = evaluatedTranscription({ criticalFail: false, score: 90 });
    const value = JSON.stringify({ reviewerIds: [u.mo.id] });
    await h.db.hubSetting.upsert({ where: { key: assignmentSettingKey }, create: { key: assignmentSettingKey, value }, update: { value } });
    try {
      await writeMirror(hub, critical, []);
      await writeMirror(hub, passing, []);
    } finally {
      await h.db.hubSetting.deleteMany({ where: { key: assignmentSettingKey } });
    }
    expect(await assigneesOf([critical.transcription_id, passing.transcription_id])).toEqual([u.mo.id, null]);
  });
});

describe('a reviewer deactivated', () => {
  it('gives their open calls back to the pool in the same transaction, the waiting ones to the rule, and keeps the archived ones', async () => {
    const u = await newUsers({ ada: 'lead', bo: 'lead' });
    const { ids } = await waitingCalls(5);
    const [w1, w2, w3, underReview, archived] = ids as [string, string, string, string, string];
    await h.db.hubAssignment.createMany({
      data: ids.map((transcriptionId) => ({ transcriptionId, userId: u.ada.id, assignedBy: u.bo.id, assignedAt: new Date() })),
    });
    await h.db.hubTranscription.update({ where: { id: underReview }, data: { group: 'UNDER_REVIEW' } });
    await h.db.hubTranscription.update({ where: { id: archived }, data: { group: 'ARCHIVED' } });
    const value = JSON.stringify({ reviewerIds: [u.ada.id, u.bo.id] });
    await h.db.hubSetting.upsert({ where: { key: assignmentSettingKey }, create: { key: assignmentSettingKey, value }, update: { value } });
    try {
      const done = await deactivateConsoleUser(h.db, u.ada.id, { kind: 'cli' }, new Date());
      expect(done).toMatchObject({ callsReleased: 4, callsReassigned: 3 });
    } finally {
      await h.db.hubSetting.deleteMany({ where: { key: assignmentSettingKey } });
    }
    // The waiting calls go to Bo (Ada, inactive, is passed over); the one under review waits for a lead to take it.
    expect(await assigneesOf([w1, w2, w3, underReview, archived])).toEqual([u.bo.id, u.bo.id, u.bo.id, null, u.ada.id]);
    const audit = await h.db.hubAuditEvent.findFirstOrThrow({
      where: { kind: 'user_deactivated', after: { path: ['id'], equals: u.ada.id } },
    });
    expect(audit.after).toMatchObject({ calls_released: 4, calls_reassigned: 3 });
  });
});

describe('the queue page’s assignment form', () => {
  it('lists the reviewers by name for a lead, refuses a viewer as a reviewer, turns the rule off, and refuses a viewer', async () => {
    const u = await newUsers({ lea: 'lead', val: 'viewer' });
    const lead = await signedInAgent(stack.app, { email: u.lea.email, password });
    const page = await lead.get('/console');
    expect(page.text).toContain('id="assignment-rule"');
    expect(page.text).toContain(`value="${u.lea.id}"`);
    expect(page.text).not.toContain(`value="${u.val.id}"`);
    const csrf = /name="csrf-token" content="([^"]+)"/.exec(page.text)?.[1] ?? '';

    const refused = await lead.post('/console/queue/assignment').type('form').send(`_csrf=${csrf}&reviewers=${u.val.id}`);
    expect(refused.status).toBe(303);
    expect((await lead.get(refused.headers.location ?? '/console')).text).toContain('Choose reviewers among the active leads and admins');

    const off = await lead.post('/console/queue/assignment').type('form').send(`_csrf=${csrf}`);
    expect(off.status).toBe(303);
    const afterOff = (await lead.get('/console')).text;
    expect(afterOff, /class="flash[^"]*"[^>]*>[^<]*/.exec(afterOff)?.[0]).toContain('Assignment by rule is off.');
    expect(await h.db.hubSetting.findUnique({ where: { key: assignmentSettingKey } })).toMatchObject({ value: '{"reviewerIds":[]}' });

    const viewer = await signedInAgent(stack.app, { email: u.val.email, password });
    const viewerPage = await viewer.get('/console');
    expect(viewerPage.text).not.toContain('action="/console/queue/assignment"');
    const viewerCsrf = /name="csrf-token" content="([^"]+)"/.exec(viewerPage.text)?.[1] ?? '';
    expect((await viewer.post('/console/queue/assignment').type('form').send(`_csrf=${viewerCsrf}`)).status).toBe(403);
  });
});
