/**
 * Disputes, coaching notes, calibration sessions and the agreement figures through the admin API
 * (docs/console.md, "Calibration", "Disputes", "Coaching", "Agreement"): the same rules as the
 * console, with the admin API as the actor in the audit trail; every answer matches the admin
 * OpenAPI document's schema (the router validates against it).
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createConsoleUser } from '../../../src/hub/console/users/manage-console-users.js';
import type { Harness } from '../../support/harness.js';
import { adminToken, hubStackForFile, type HubStack } from '../../support/hub-stack.js';
import { seedMirroredCall, type MirroredCall } from '../../support/mirrored-calls.js';

let h: Harness;
let stack: HubStack;
hubStackForFile((harness, started) => {
  h = harness;
  stack = started;
});

const get = (path: string) => request(stack.app).get(`/admin${path}`).set('authorization', `Bearer ${adminToken}`);
const post = (path: string, body: object) =>
  request(stack.app).post(`/admin${path}`).set('authorization', `Bearer ${adminToken}`).send(body);
const put = (path: string, body: object) => request(stack.app).put(`/admin${path}`).set('authorization', `Bearer ${adminToken}`).send(body);
const evaluatorId = randomUUID();
const participantId = randomUUID();
const criteria = [
  { name: 'Greeting', status: 'PASS' as const },
  { name: 'Identity verified', type: 'strict' as const, status: 'FAIL' as const },
];
let calls: MirroredCall[];

beforeAll(async () => {
  calls = [
    await seedMirroredCall(h.db, { evaluatorId, participantId, criteria }),
    await seedMirroredCall(h.db, { evaluatorId, participantId, criteria }),
  ];
});

describe('review workflows through the admin API', () => {
  it('opens and accepts a dispute: the override is made and audited as the admin API', async () => {
    const [call] = calls;
    const identity = call.criteria[1].criterionId;
    const bad = await post('/disputes', {
      transcription_id: call.id,
      criterion_id: identity,
      reason: 'checked',
      proposed_verdict: 'MAYBE',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('The verdict must be PASS or FAIL');
    const opened = await post('/disputes', {
      transcription_id: call.id,
      criterion_id: identity,
      reason: 'Date of birth checked at 0:40',
      proposed_verdict: 'PASS',
    });
    expect(opened.status).toBe(201);
    const listed = await get(`/disputes?status=open&evaluator=${evaluatorId}`);
    expect(listed.body.data.items.map((d: { id: string }) => d.id)).toContain(opened.body.data.id);
    expect((await post(`/disputes/${opened.body.data.id}/resolve`, { outcome: 'maybe', note: 'x' })).status).toBe(400);
    const resolved = await post(`/disputes/${opened.body.data.id}/resolve`, { outcome: 'accepted', note: 'Heard it' });
    expect(resolved.status).toBe(200);
    expect(resolved.body.data).toMatchObject({ status: 'accepted', effective_critical_fail: false });
    const audit = await h.db.hubAuditEvent.findMany({ where: { transcriptionId: call.id }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((e) => [e.kind, e.actor])).toEqual([
      ['dispute_opened', 'admin-api'],
      ['override', 'admin-api'],
      ['dispute_resolved', 'admin-api'],
    ]);
    expect((await put('/disputes/settings', { dispute_window_days: 0 })).status).toBe(400);
    expect((await put('/disputes/settings', { dispute_window_days: 14 })).body.data).toEqual({ dispute_window_days: 14 });
    expect((await get('/disputes/settings')).body.data).toEqual({ dispute_window_days: 14 });
  });

  it('adds and acknowledges a coaching note', async () => {
    const [, call] = calls;
    const added = await post('/coaching-notes', {
      transcription_id: call.id,
      criterion_id: call.criteria[0].criterionId,
      body: 'Say the company name first.',
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ criterion: 'Greeting', author: 'admin-api', acknowledged_at: null });
    expect((await post('/coaching-notes', { transcription_id: call.id, criterion_id: randomUUID(), body: 'x' })).status).toBe(404);
    const acked = await post(`/coaching-notes/${added.body.data.id}/acknowledge`, {});
    expect(acked.status).toBe(200);
    const listed = await get(`/coaching-notes?transcription_id=${call.id}`);
    expect(listed.body.data.items[0].acknowledged_at).toBe(acked.body.data.acknowledged_at);
  });

  it('runs a calibration session: no verdicts before reveal, results after, the calls untouched', async () => {
    const suffix = randomUUID().slice(0, 8);
    const reviewers = await Promise.all(
      ['r1', 'r2'].map((name) =>
        createConsoleUser(
          h.db,
          { email: `${name}-${suffix}@example.com`, name, role: 'lead', password: 'correct horse battery staple' },
          { kind: 'cli' },
        ),
      ),
    );
    const created = await post('/calibration/sessions', {
      title: 'Admin calibration',
      transcription_ids: calls.map((c) => c.id),
      reviewer_ids: reviewers.map((r) => r.id),
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    for (const [i, reviewer] of reviewers.entries()) {
      for (const call of calls) {
        const saved = await put(`/calibration/sessions/${id}/verdicts`, {
          user_id: reviewer.id,
          transcription_id: call.id,
          verdicts: { [call.criteria[0].criterionId]: 'PASS', [call.criteria[1].criterionId]: i === 0 ? 'FAIL' : 'PASS' },
        });
        expect(saved.body.data).toEqual({ saved: 2 });
      }
      if (i === 0) {
        expect((await post(`/calibration/sessions/${id}/submit`, { user_id: reviewer.id })).body.data).toEqual({ revealed: false });
        const hidden = await get(`/calibration/sessions/${id}`);
        expect(hidden.body.data.results).toBeNull();
        expect(hidden.body.data.reviewers.map((r: { submitted: boolean }) => r.submitted).sort()).toEqual([false, true]);
      }
    }
    expect((await post(`/calibration/sessions/${id}/submit`, { user_id: reviewers[1].id })).body.data).toEqual({ revealed: true });
    const benchmarked = await put(`/calibration/sessions/${id}/benchmark`, {
      entries: calls.map((c) => ({ transcription_id: c.id, criterion_id: c.criteria[1].criterionId, verdict: 'FAIL' })),
      majority: true,
    });
    expect(benchmarked.status).toBe(200);
    const results = benchmarked.body.data.results;
    expect(results.alignment[reviewers[0].id]).toBe(1);
    expect(results.alignment[reviewers[1].id]).toBe(0.5);
    expect(results.ai_alignment).toBe(1);
    expect(await h.db.hubReviewOverride.count({ where: { transcriptionId: calls[1].id } })).toBe(0);
  });

  it('answers the agreement figures: kappa per criterion and disputes per criterion', async () => {
    const res = await get(`/agreement?evaluator_id=${evaluatorId}`);
    expect(res.status).toBe(200);
    const identity = res.body.data.criteria.find((c: { name: string }) => c.name === 'Identity verified');
    // One reviewed call, AI FAIL vs human PASS: pₒ = 0 and pₑ = 0, so κ = 0. Greeting, PASS on both sides, is one category: not defined.
    expect(identity).toMatchObject({ reviewed: 1, kappa: 0 });
    expect(res.body.data.criteria.find((c: { name: string }) => c.name === 'Greeting')).toMatchObject({ reviewed: 1, kappa: null });
    expect(res.body.data.disputes).toEqual([
      { criterion: 'Identity verified', total: 1, open: 0, accepted: 1, partly_accepted: 0, rejected: 0 },
    ]);
    expect((await get('/agreement?from=2026-02-30')).status).toBe(400);
  });
});
