import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEvaluator, seedScoredTranscription, type SeededCriterion, type SeededEvaluator } from '../support/analytics-seed.js';
import { expectHourStatsRecomputable } from '../support/analytics-hour-stats.js';
import { createHarness, type Harness } from '../support/harness.js';
import { deleteByEveryPath, greetingAndResolution, seedScoredHistory, seedSupportAccount } from '../support/scored-history.js';

/**
 * svc_criterion_day_stats, svc_criterion_hour_stats and svc_evaluator_hour_stats are kept by
 * triggers in the transaction of every write: after each kind of write each must equal the sums
 * recomputed from the rows (the migrations' backfill queries).
 */
let h: Harness;
let accountId: string;
let e1: SeededEvaluator;
let e2: SeededEvaluator;
let participantId: string;

beforeAll(async () => {
  h = createHarness();
  ({ accountId, evaluator: e1, participantId } = await seedScoredHistory(h));
  e2 = await seedEvaluator(h.db, accountId, 'Sales QA', [{ name: 'Pitch', type: 'scale' }]);
});
afterAll(() => h.close());

const check = () => expectHourStatsRecomputable(h.db, [accountId]);
const resultsOf = (evaluator: SeededEvaluator, raws: number[]) =>
  evaluator.criteria.map((criterion: SeededCriterion, i) => ({ criterion, raw: raws[i] ?? 1 }));
const newest = (take: number) =>
  h.db.transcription.findMany({ where: { accountId, evaluatorId: e1.id }, orderBy: { createdAt: 'desc' }, take, select: { id: true } });

/** A completion as the processing pipeline stores it: the row first, its results after, one transaction. */
async function completeLikeThePipeline(at: Date, raws: number[]): Promise<string> {
  const t = await h.db.transcription.create({
    data: {
      accountId,
      configurationId: crypto.randomUUID(),
      configurationTag: 'x',
      status: 'IN_PROGRESS',
      createdAt: at,
      evaluatorId: e1.id,
      participantId,
    },
  });
  await h.db.$transaction(
    async (tx) => {
      await tx.transcription.updateMany({
        where: { id: t.id, status: 'IN_PROGRESS' },
        data: { status: 'COMPLETED', score: 70, criticalFail: false },
      });
      await tx.criterionResult.createMany({
        data: e1.criteria.map((c, position) => ({
          transcriptionId: t.id,
          criterionId: c.id,
          position,
          name: c.name,
          type: c.type,
          maxWeight: c.weight,
          scoreRawAi: raws[position] ?? 1,
          scoreObtained: 1,
          status: (raws[position] ?? 1) >= 1 ? ('PASS' as const) : ('FAIL' as const),
          reasoning: 'r',
          quote: 'q',
        })),
      });
    },
    { maxWait: 60_000, timeout: 60_000 },
  ); // twenty at once on a pool of five, on a loaded machine
  return t.id;
}

describe('the analytics hour tables', () => {
  it('holds the backfilled and bulk-inserted results', async () => {
    await check();
    const rows = await h.db.criterionHourStats.findMany({ where: { accountId } });
    expect(rows.reduce((sum, r) => sum + r.evaluated, 0)).toBe(300 * 3);
    const hours = await h.db.evaluatorHourStats.findMany({ where: { accountId } });
    expect(hours.reduce((sum, r) => sum + r.calls, 0)).toBe(300);
  });

  it('follows completions, in either order of row and results, and uncounted rows add nothing', async () => {
    await completeLikeThePipeline(new Date('2026-05-01T23:00:00Z'), [0, 4.5, 1]);
    // Results written while IN_PROGRESS, then the row completed.
    const t = await seedScoredTranscription(h.db, accountId, {
      at: '2026-05-02T01:00:00Z',
      score: null,
      duration: 1,
      evaluatorId: e1.id,
      status: 'IN_PROGRESS',
      results: resultsOf(e1, [1, 2.25, 0]),
    });
    await check();
    await h.db.transcription.update({ where: { id: t }, data: { status: 'COMPLETED', score: 55 } });
    await seedScoredTranscription(h.db, accountId, {
      at: '2026-05-02T02:00:00Z',
      score: null,
      duration: 1,
      evaluatorId: e1.id,
      results: resultsOf(e1, [1, 1, 1]),
    });
    await seedScoredTranscription(h.db, accountId, {
      at: '2026-05-02T03:00:00Z',
      score: 10,
      duration: 1,
      evaluatorId: null,
      results: resultsOf(e1, [1, 1, 1]),
    });
    await check();
  });

  it('follows changes of status, score, critical fail, hour and evaluator, and of the result rows', async () => {
    const [a, b, c, d, e, f, g] = await newest(7);
    await h.db.transcription.update({ where: { id: a.id }, data: { createdAt: new Date('2026-01-01T00:00:00Z') } });
    await h.db.transcription.update({ where: { id: b.id }, data: { evaluatorId: e2.id } });
    await h.db.transcription.update({ where: { id: c.id }, data: { status: 'FAILED' } });
    await h.db.transcription.update({ where: { id: d.id }, data: { score: null } });
    await h.db.transcription.update({ where: { id: e.id }, data: { duration: 99, group: 'ARCHIVED' } });
    await check();
    // Still counted, in another hour of the same day, with another score, then failing critically.
    const moved = await h.db.transcription.findUniqueOrThrow({ where: { id: f.id }, select: { createdAt: true } });
    await h.db.transcription.update({
      where: { id: f.id },
      data: { createdAt: new Date(moved.createdAt.getTime() + 3_600_000), score: 42.5 },
    });
    await h.db.transcription.update({ where: { id: g.id }, data: { score: 90, criticalFail: true } });
    await check();
    await h.db.criterionResult.updateMany({ where: { transcriptionId: e.id }, data: { status: 'FAIL', scoreRawAi: 0.5 } });
    await h.db.criterionResult.deleteMany({ where: { transcriptionId: a.id, criterionId: e1.criteria[0].id } });
    await h.db.criterionResult
      .updateMany({ where: { transcriptionId: b.id }, data: { criterionId: e2.criteria[0].id } })
      .catch(() => undefined);
    await check();
    // Back again: a FAILED call completed anew.
    await h.db.transcription.update({ where: { id: c.id }, data: { status: 'COMPLETED' } });
    await check();
  });

  it('follows deletions: one call, many at once, the retention purge, an evaluator and the whole account', async () => {
    const newest40 = (await newest(40)).map((t) => t.id);
    await deleteByEveryPath(h, accountId, newest40, 'hour-stats', check);
    await h.db.evaluator.delete({ where: { id: e2.id } });
    await check();
    await h.db.account.delete({ where: { id: accountId } });
    expect(await h.db.criterionDayStats.count({ where: { accountId } })).toBe(0);
    expect(await h.db.criterionHourStats.count({ where: { accountId } })).toBe(0);
    expect(await h.db.evaluatorHourStats.count({ where: { accountId } })).toBe(0);
  });

  it('stays exact under concurrent completions on the same evaluator and hour', async () => {
    ({ accountId, evaluator: e1, participantId } = await seedSupportAccount(h, greetingAndResolution));
    const at = new Date('2026-05-03T12:00:00Z');
    await Promise.all(Array.from({ length: 20 }, (_, i) => completeLikeThePipeline(at, [i % 2, 1 + (i % 5)])));
    await check();
    const rows = await h.db.criterionHourStats.findMany({ where: { accountId } });
    expect(rows.map((r) => r.evaluated)).toEqual([20, 20]);
    const hours = await h.db.evaluatorHourStats.findMany({ where: { accountId } });
    expect(hours.map((r) => [r.calls, r.scoreSum, r.passed])).toEqual([[20, 20 * 70, 20]]);
  });
});
