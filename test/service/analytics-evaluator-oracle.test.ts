import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValidatedRequest } from '../../src/contract/catalog.js';
import { Prisma } from '../../src/generated/prisma/client.js';
import { analyticsEvaluator } from '../../src/service/analytics/analytics-evaluator.js';
import { resolveComparisonWindows } from '../../src/service/analytics/comparison-windows.js';
import { resolveDateFilter } from '../../src/service/analytics/date-filter.js';
import { capEdgeHour } from '../../src/service/analytics/evaluator-hour-edge.js';
import { deleteTranscription } from '../../src/service/transcriptions/delete-transcription.js';
import {
  addCriterion,
  seedBulkScoredTranscriptions,
  seedEvaluator,
  seedParticipant,
  seedScoredTranscription,
  type SeededCriterion,
  type SeededEvaluator,
} from '../support/analytics-seed.js';
import { expectHourStatsRecomputable } from '../support/analytics-hour-stats.js';
import { expectFailedCriteriaJsonRecomputable } from '../support/failed-criteria-json.js';
import { createHarness, type Harness } from '../support/harness.js';
import { analyticsEvaluatorBefore } from './oracles/analytics-evaluator-before.js';

/**
 * analytics-evaluator sums the hour tables (plus the calls of the hour the cap cuts) instead of
 * reading every result row and period row, and writes its answer as JSON text from one pass over array rows; the
 * implementation before both (oracles/) must give the byte-identical answer
 * on a mixed account: two evaluators, participants (one deleted), five months, boolean, scale and
 * strict criteria (one removed after use, one added late), halves and quarters as raw scores,
 * deleted transcriptions and results, rows that are not counted, another account carrying the
 * same evaluator's id, and filters that cut the 20,000 cap in the middle of an hour or not.
 */
const now = new Date('2026-06-15T12:00:00Z');
let h: Harness;
let accountId: string;
let otherAccountId: string;
let e1: SeededEvaluator;
let e2: SeededEvaluator;

beforeAll(async () => {
  h = createHarness({ now: () => now });
  accountId = (await h.createAccount()).id;
  otherAccountId = (await h.createAccount()).id;
  e1 = await seedEvaluator(h.db, accountId, 'Support QA', [
    { name: 'Greeting', type: 'boolean', weight: 30 },
    { name: 'Resolution', type: 'scale', weight: 50 },
    { name: 'No promises', type: 'strict', weight: 0 },
    { name: 'Old script', type: 'boolean', weight: 20 },
  ]);
  e2 = await seedEvaluator(h.db, accountId, 'Sales QA', [{ name: 'Pitch', type: 'scale', weight: 100 }]);
  const participants = [];
  for (let i = 0; i < 6; i += 1) participants.push(await seedParticipant(h.db, accountId, `agent-${i}`));
  const participantIds = participants.map((p) => p.id);
  // 20,500 calls 11 minutes apart (about 130 a day, 2026-01-06..2026-06-10): the cap cuts a day.
  await seedBulkScoredTranscriptions(h.db, {
    accountId,
    evaluator: e1,
    participantIds,
    count: 20_500,
    newest: new Date('2026-06-10T17:23:00Z'),
    stepMinutes: 11,
    withResults: true,
  });
  await seedBulkScoredTranscriptions(h.db, {
    accountId,
    evaluator: e2,
    participantIds,
    count: 3_000,
    newest: new Date('2026-06-14T08:00:00Z'),
    stepMinutes: 97,
    withResults: true,
  });
  // Another account's calls carrying E1's id: never counted for this account.
  await seedBulkScoredTranscriptions(h.db, {
    accountId: otherAccountId,
    evaluator: e1,
    participantIds: [],
    count: 500,
    newest: new Date('2026-06-01T00:00:00Z'),
    stepMinutes: 60,
    withResults: true,
  });

  // The bulk seed draws one raw score per criterion for all its rows: redraw them per row (an
  // UPDATE of 200,000 result rows, which the hour tables follow too).
  await h.db.$executeRaw`
    UPDATE svc_criterion_results r SET score_raw_ai = x.raw, status = (CASE WHEN x.n >= 0.5 THEN 'PASS' ELSE 'FAIL' END)::svc_criterion_result_status
    FROM (SELECT r2.transcription_id, r2.criterion_id, v.raw, CASE WHEN r2.type = 'scale' THEN (v.raw - 1) / 4 ELSE v.raw END AS n
          FROM svc_criterion_results r2 JOIN svc_transcriptions t ON t.id = r2.transcription_id
          CROSS JOIN LATERAL (SELECT CASE WHEN r2.type = 'scale' THEN floor(1 + random() * 5) ELSE (random() < 0.8)::int END::float8 AS raw
                              WHERE r2.transcription_id IS NOT NULL) v
          WHERE t.account_id = ${accountId}::uuid) x
    WHERE r.transcription_id = x.transcription_id AND r.criterion_id = x.criterion_id`;
  // The evaluator changes: "Old script" removed (its results stay), "Empathy" added.
  const [greeting, resolution, noPromises, oldScript] = e1.criteria as [SeededCriterion, SeededCriterion, SeededCriterion, SeededCriterion];
  await h.db.criterion.delete({ where: { id: oldScript.id } });
  e1.criteria.pop();
  const empathy = await addCriterion(h.db, e1, { name: 'Empathy', type: 'scale', weight: 20 });
  const seed = (at: string, raws: [number, number, number, number], extra: Partial<Parameters<typeof seedScoredTranscription>[2]> = {}) =>
    seedScoredTranscription(h.db, accountId, {
      at,
      score: 61.25,
      duration: 42.5,
      evaluatorId: e1.id,
      participantId: participantIds[1],
      results: [
        { criterion: greeting, raw: raws[0] },
        { criterion: resolution, raw: raws[1] },
        { criterion: noPromises, raw: raws[2] },
        { criterion: empathy, raw: raws[3] },
      ],
      ...extra,
    });
  await seed('2026-06-10T17:23:00Z', [0.5, 2.5, 1, 3.75]); // ties the newest bulk call
  await seed('2026-04-05T00:00:00Z', [0.25, 4.5, 0, 1.25], { critical: true, group: 'PENDING_REVIEW' });
  await seed('2026-04-05T23:59:59.999Z', [1, 1.5, 1, 5]);
  await seed('2026-02-28T12:00:00Z', [0, 3.25, 0, 2], { participantId: participantIds[5] });
  await seed('2026-06-12', [1, 5, 1, 4.5], { evaluatorId: e2.id });
  // Text JSON must escape (the serialised answer writes tags and names itself): a participant's
  // tag and a failed criterion's name with quotes, backslashes, control and non-ASCII characters.
  const odd = await seedParticipant(h.db, accountId, 'Agent "Ö" \\ \t\u0001 ☎');
  const tone = await addCriterion(h.db, e2, { name: 'Ton "poli" \\ ü\n', type: 'boolean', weight: 0 });
  await seedScoredTranscription(h.db, accountId, {
    at: '2026-06-13T09:30:00Z',
    score: 33.5,
    duration: 12.25,
    evaluatorId: e2.id,
    participantId: odd.id,
    critical: true,
    results: [
      { criterion: e2.criteria[0], raw: 2 },
      { criterion: tone, raw: 0 },
    ],
  });
  // Not counted: not COMPLETED, or no score.
  await seed('2026-05-05T10:00:00Z', [0, 1, 0, 1], { status: 'FAILED', score: null });
  await seed('2026-05-06T10:00:00Z', [0, 1, 0, 1], { score: null });
  await seed('2026-05-07T10:00:00Z', [0, 1, 0, 1], { status: 'IN_PROGRESS', score: null });

  // Deletions and changes after the fact.
  const someDay = await h.db.transcription.findMany({
    where: { accountId, evaluatorId: e1.id, createdAt: { gte: new Date('2026-03-03T00:00:00Z'), lt: new Date('2026-03-03T06:00:00Z') } },
    select: { id: true },
  });
  await h.db.transcription.deleteMany({ where: { id: { in: someDay.map((t) => t.id) } } });
  const [one, two, three] = await h.db.transcription.findMany({
    where: { accountId, evaluatorId: e1.id, createdAt: { gte: new Date('2026-05-20T00:00:00Z') } },
    select: { id: true },
    take: 3,
  });
  await deleteTranscription.handle({ transcription_id: one.id }, { accountId, requestId: 'oracle', deps: h.deps });
  await h.db.criterionResult.deleteMany({ where: { transcriptionId: two.id, criterionId: greeting.id } });
  await h.db.transcription.update({ where: { id: three.id }, data: { status: 'FAILED' } });
  await h.db.participant.delete({ where: { id: participantIds[5] } });
  // raw_data's failed_criteria come from svc_transcriptions.failed_criteria_json (kept by a
  // trigger on the results) and its tags from the live participants: a rename, a re-evaluation
  // (results replaced in one transaction, every status flipped) and names whose JSON is over the
  // column's 1,000 bytes (NULL there, computed from the results by the selection) must all show.
  await h.db.participant.update({ where: { id: participantIds[2] }, data: { tag: 'agent-2 renamed "later"' } });
  const [reevaluated, longNames] = await h.db.transcription.findMany({
    where: {
      accountId,
      evaluatorId: e1.id,
      status: 'COMPLETED',
      createdAt: { gte: new Date('2026-04-05T00:00:00Z'), lt: new Date('2026-04-06T00:00:00Z') },
    },
    select: { id: true },
    orderBy: { createdAt: 'asc' },
    take: 2,
  });
  await h.db.$transaction(async (tx) => {
    const results = await tx.criterionResult.findMany({ where: { transcriptionId: reevaluated.id } });
    await tx.criterionResult.deleteMany({ where: { transcriptionId: reevaluated.id } });
    await tx.criterionResult.createMany({
      data: results.map((r) => ({ ...r, status: r.status === 'FAIL' ? ('PASS' as const) : ('FAIL' as const) })),
    });
  });
  await h.db.$executeRaw`UPDATE svc_criterion_results SET status = 'FAIL', name = name || ' ' || repeat('ü', 200)
                         WHERE transcription_id = ${longNames.id}::uuid`;
}, 240_000);
afterAll(() => h.close());

const filters: Omit<ValidatedRequest<'analytics-evaluator'>, 'evaluator_id'>[] = [
  {},
  { start_date: '2025-01-01', end_date: '2026-06-30' },
  { start_date: '2026-05-01' },
  { end_date: '2026-03-31' },
  { start_date: '2026-02-10', end_date: '2026-04-20' },
  { start_date: '2026-04-05', end_date: '2026-04-05' },
  { start_date: '2026-06-12' },
  { start_date: '2026-07-01' },
  { start_date: '2026-04-05', end_date: '2026-04-04' },
];

describe('analytics-evaluator against the implementation before the hour tables and the serialised answer', () => {
  it('gives the byte-identical answer for each evaluator and filter', async () => {
    const context = { accountId, requestId: 'oracle', deps: h.deps };
    let cut = 0;
    for (const evaluator of [e1, e2]) {
      for (const filter of filters) {
        const input = { evaluator_id: evaluator.id, ...filter };
        // What the router writes (the pieces, in order) against res.json's JSON.stringify of the old answer.
        const current = (await (analyticsEvaluator.serialize as NonNullable<typeof analyticsEvaluator.serialize>)(input, context)).join('');
        const before = await analyticsEvaluatorBefore(h.deps, accountId, input);
        expect(current, JSON.stringify(input)).toBe(JSON.stringify(before));
        expect(JSON.stringify(await analyticsEvaluator.handle(input, context))).toBe(current);
        if (before.metadata.query_limit_reached) cut += 1;
      }
    }
    // The unfiltered and the wide E1 dashboards are cut by the cap (its edge falls inside an hour).
    expect(cut).toBe(2);
  });

  it('has the cap cut an hour in two, in the selection and in a comparison period', async () => {
    // The answers above are only a proof of the edge hour's split if the cap falls inside an hour.
    const scope = { kind: 'evaluator', accountId, evaluatorId: e1.id } as const;
    const filter = resolveDateFilter({ start_date: '2025-01-01', end_date: '2026-06-30' });
    for (const window of [resolveDateFilter({}).window, resolveComparisonWindows(filter, now).current]) {
      const [edge] = await h.db.$queryRaw<{ hour: Date; take: number }[]>(Prisma.sql`${capEdgeHour(scope, window)}`);
      const hour = await h.db.evaluatorHourStats.findUniqueOrThrow({
        where: { accountId_evaluatorId_hour: { accountId, evaluatorId: e1.id, hour: edge.hour } },
      });
      expect(edge.take).toBeGreaterThan(0);
      expect(edge.take).toBeLessThan(hour.calls);
    }
  });

  it('keeps the hour tables equal to a recomputation from the rows', async () => {
    await expectHourStatsRecomputable(h.db, [accountId, otherAccountId]);
  });

  it('keeps failed_criteria_json equal to a recomputation from the result rows, NULL where over 1,000 bytes', async () => {
    const { nulls } = await expectFailedCriteriaJsonRecomputable(h.db, [accountId, otherAccountId]);
    expect(nulls).toBe(1);
  });
});
