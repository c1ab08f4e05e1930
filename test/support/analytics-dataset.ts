/**
 * A small dataset where every dashboard number can be checked by hand (the expected values in
 * test/service/analytics-*.test.ts are worked out from this table). The clock is frozen at
 * 2026-03-15T12:00:00Z, so the default comparison periods are current = 2026-02-14..2026-03-15
 * and previous = 2026-01-15..2026-02-13.
 *
 * Evaluator "Support QA" (E1): Greeting (boolean), Resolution (scale), No promises (strict),
 * Empathy (boolean, added after T3: only T4..T7 have it), Closing (boolean, added after all
 * calls: never evaluated). "Old script" (boolean) was on E1 when T2 was evaluated, then removed.
 * Evaluator "Sales QA" (E2): Greeting (boolean). Evaluator "Unused QA" (E3): Tone, no calls.
 * Participants: Ana (P1), Bruno (P2), Carla (P3, deleted after seeding: her tag is null).
 *
 * | id | created_at (period_date)  | weekday | E  | P  | score | crit | dur | group          | results (raw: G R N E / other)   |
 * |----|---------------------------|---------|----|----|-------|------|-----|----------------|----------------------------------|
 * | T9 | 2026-01-05T10:00:00Z      | monday  | E2 | P2 |  30   |      |  90 |                | Greeting(E2) 0                   |
 * | T1 | 2026-01-20 (date-only)    | tuesday | E1 | P1 |  90   |      | 100 |                | none (before per-criterion)      |
 * | T2 | 2026-02-03T14:30:00Z      | tuesday | E1 | P1 |  40   |      | 200 | UNDER_REVIEW   | G0 R3 N1, Old script 0           |
 * | T3 | 2026-02-03T14:45:00Z      | tuesday | E1 | P2 |  75   | yes  | 300 | PENDING_REVIEW | G1 R4 N0                         |
 * | T4 | 2026-02-20T09:10:00Z      | friday  | E1 | P2 |  60   | yes  |  50 | ARCHIVED       | G1 R2 N0 E1                      |
 * | T5 | 2026-03-02 (date-only)    | monday  | E1 | P3 | 100   |      | 400 |                | G1 R5 N1 E0                      |
 * | T7 | 2026-03-10T08:00:00Z      | tuesday | E1 | -  |  20.5 |      | 150 |                | G0 R1 N1 E1                      |
 * | T6 | 2026-03-10T23:59:59Z      | tuesday | E1 | P1 |  50   | yes  | 250 |                | G0 R1 N0 E1                      |
 * | T8 | 2026-03-12T10:00:00Z      | thursday| E2 | P1 |  80   |      | 120 |                | Greeting(E2) 1                   |
 *
 * Never selected: E1 calls IN_PROGRESS, FAILED, COMPLETED without a score; a call of another
 * account that carries E1's and P1's ids.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { z } from 'zod';
import type { Db } from '../../src/db.js';
import { createHarness, type Harness, type TestAccount } from './harness.js';
import {
  addCriterion,
  seedEvaluator,
  seedParticipant,
  seedScoredTranscription,
  type SeededCriterion,
  type SeededEvaluator,
} from './analytics-seed.js';

export const datasetNow = new Date('2026-03-15T12:00:00Z');

export interface AnalyticsDataset {
  e1: SeededEvaluator;
  e2: SeededEvaluator;
  e3: SeededEvaluator;
  /** E1's criteria by name, E2's Greeting, E3's Tone. */
  c: {
    greeting: SeededCriterion;
    resolution: SeededCriterion;
    noPromises: SeededCriterion;
    empathy: SeededCriterion;
    closing: SeededCriterion;
    salesGreeting: SeededCriterion;
    tone: SeededCriterion;
  };
  p1: { id: string; tag: string };
  p2: { id: string; tag: string };
  /** Deleted. */
  p3Id: string;
  t: Record<'t1' | 't2' | 't3' | 't4' | 't5' | 't6' | 't7' | 't8' | 't9', string>;
}

export async function seedAnalyticsDataset(db: Db, accountId: string, otherAccountId: string): Promise<AnalyticsDataset> {
  const e1 = await seedEvaluator(db, accountId, 'Support QA', [
    { name: 'Greeting', type: 'boolean', weight: 40 },
    { name: 'Resolution', type: 'scale', weight: 60 },
    { name: 'No promises', type: 'strict', weight: 0 },
    { name: 'Old script', type: 'boolean', weight: 10 },
  ]);
  const e2 = await seedEvaluator(db, accountId, 'Sales QA', [{ name: 'Greeting', type: 'boolean', weight: 100 }]);
  const e3 = await seedEvaluator(db, accountId, 'Unused QA', [{ name: 'Tone', type: 'scale', weight: 10 }]);
  const [greeting, resolution, noPromises, oldScript] = e1.criteria as [SeededCriterion, SeededCriterion, SeededCriterion, SeededCriterion];
  const salesGreeting = e2.criteria[0];
  const p1 = await seedParticipant(db, accountId, 'Ana');
  const p2 = await seedParticipant(db, accountId, 'Bruno');
  const p3 = await seedParticipant(db, accountId, 'Carla');

  const seed = (spec: Parameters<typeof seedScoredTranscription>[2]) => seedScoredTranscription(db, accountId, spec);
  const results = (...pairs: [SeededCriterion, number][]) => pairs.map(([criterion, raw]) => ({ criterion, raw }));

  const t9 = await seed({
    at: '2026-01-05T10:00:00Z',
    score: 30,
    duration: 90,
    evaluatorId: e2.id,
    participantId: p2.id,
    results: results([salesGreeting, 0]),
  });
  const t1 = await seed({ at: '2026-01-20', score: 90, duration: 100, evaluatorId: e1.id, participantId: p1.id });
  const t2 = await seed({
    at: '2026-02-03T14:30:00Z',
    score: 40,
    duration: 200,
    group: 'UNDER_REVIEW',
    evaluatorId: e1.id,
    participantId: p1.id,
    results: results([greeting, 0], [resolution, 3], [noPromises, 1], [oldScript, 0]),
  });
  const t3 = await seed({
    at: '2026-02-03T14:45:00Z',
    score: 75,
    critical: true,
    duration: 300,
    group: 'PENDING_REVIEW',
    evaluatorId: e1.id,
    participantId: p2.id,
    results: results([greeting, 1], [resolution, 4], [noPromises, 0]),
  });
  // The evaluator is updated: "Old script" removed (its results stay on T2), "Empathy" added.
  await db.criterion.delete({ where: { id: oldScript.id } });
  e1.criteria.pop();
  const empathy = await addCriterion(db, e1, { name: 'Empathy', type: 'boolean', weight: 20 });
  const t4 = await seed({
    at: '2026-02-20T09:10:00Z',
    score: 60,
    critical: true,
    duration: 50,
    group: 'ARCHIVED',
    evaluatorId: e1.id,
    participantId: p2.id,
    results: results([greeting, 1], [resolution, 2], [noPromises, 0], [empathy, 1]),
  });
  const t5 = await seed({
    at: '2026-03-02',
    score: 100,
    duration: 400,
    evaluatorId: e1.id,
    participantId: p3.id,
    results: results([greeting, 1], [resolution, 5], [noPromises, 1], [empathy, 0]),
  });
  const t7 = await seed({
    at: '2026-03-10T08:00:00Z',
    score: 20.5,
    duration: 150,
    evaluatorId: e1.id,
    results: results([greeting, 0], [resolution, 1], [noPromises, 1], [empathy, 1]),
  });
  const t6 = await seed({
    at: '2026-03-10T23:59:59Z',
    score: 50,
    critical: true,
    duration: 250,
    evaluatorId: e1.id,
    participantId: p1.id,
    results: results([greeting, 0], [resolution, 1], [noPromises, 0], [empathy, 1]),
  });
  const t8 = await seed({
    at: '2026-03-12T10:00:00Z',
    score: 80,
    duration: 120,
    evaluatorId: e2.id,
    participantId: p1.id,
    results: results([salesGreeting, 1]),
  });
  const closing = await addCriterion(db, e1, { name: 'Closing', type: 'boolean', weight: 10 });

  // Never selected.
  await seed({ at: '2026-03-01T10:00:00Z', score: null, duration: 0, evaluatorId: e1.id, participantId: p1.id, status: 'IN_PROGRESS' });
  await seed({ at: '2026-03-01T10:00:00Z', score: null, duration: 10, evaluatorId: e1.id, participantId: p1.id, status: 'FAILED' });
  await seed({ at: '2026-03-01T10:00:00Z', score: null, duration: 10, evaluatorId: e1.id, participantId: p1.id });
  await seedScoredTranscription(db, otherAccountId, {
    at: '2026-03-01T10:00:00Z',
    score: 0,
    critical: true,
    duration: 10,
    evaluatorId: e1.id,
    participantId: p1.id,
    results: results([greeting, 0]),
  });

  await db.participant.delete({ where: { id: p3.id } });
  return {
    e1,
    e2,
    e3,
    c: { greeting, resolution, noPromises, empathy, closing, salesGreeting, tone: e3.criteria[0] },
    p1,
    p2,
    p3Id: p3.id,
    t: { t1, t2, t3, t4, t5, t6, t7, t8, t9 },
  };
}

/**
 * A harness on the frozen clock, an account holding the dataset and a neighbour account (whose
 * rows must never show): what every analytics test file starts from. Registers the file's
 * beforeAll (which fills in the returned object) and afterAll (which closes `h`).
 */
export function analyticsDatasetForFile(): { h: Harness; account: TestAccount; d: AnalyticsDataset } {
  const rig = {} as { h: Harness; account: TestAccount; d: AnalyticsDataset };
  beforeAll(async () => {
    rig.h = createHarness({ now: () => datasetNow });
    rig.account = await rig.h.createAccount();
    const other = await rig.h.createAccount();
    rig.d = await seedAnalyticsDataset(rig.h.db, rig.account.id, other.id);
  });
  afterAll(() => rig.h?.close());
  return rig;
}

/** Calls a dashboard, expects a 200 whose data its contract schema accepts, and answers the data. */
export async function fetchDashboard(account: TestAccount, operation: string, body: object, schema: z.ZodType) {
  const res = await account.call(operation, body);
  expect(res.status).toBe(200);
  expect(schema.safeParse(res.body.data).success).toBe(true);
  return res.body.data;
}
