import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedScoredTranscription, type SeededCriterion, type SeededEvaluator } from '../support/analytics-seed.js';
import { expectFailedCriteriaJsonRecomputable } from '../support/failed-criteria-json.js';
import { createHarness, type Harness } from '../support/harness.js';
import { deleteByEveryPath, greetingAndResolution, seedScoredHistory, seedSupportAccount } from '../support/scored-history.js';

/**
 * svc_transcriptions.failed_criteria_json (analytics-evaluator's raw_data failed_criteria;
 * docs/analytics.md, "The failed criteria column") is kept by a trigger on the results in the transaction of every write: after
 * each kind of write every row must equal the text recomputed from its results.
 */
let h: Harness;
let accountId: string;
let e1: SeededEvaluator;
let participantId: string;

beforeAll(async () => {
  h = createHarness();
  ({ accountId, evaluator: e1, participantId } = await seedScoredHistory(h));
});
afterAll(() => h.close());

const check = () => expectFailedCriteriaJsonRecomputable(h.db, [accountId]);
const newest = (take: number) =>
  h.db.transcription.findMany({ where: { accountId, evaluatorId: e1.id }, orderBy: { createdAt: 'desc' }, take, select: { id: true } });
const keptOf = async (id: string) =>
  (await h.db.transcription.findUniqueOrThrow({ where: { id }, select: { failedCriteriaJson: true } })).failedCriteriaJson;
const resultRows = (
  transcriptionId: string,
  criteria: SeededCriterion[],
  failed: (i: number) => boolean,
  nameOf = (c: SeededCriterion) => c.name,
) =>
  criteria.map((c, position) => ({
    transcriptionId,
    criterionId: c.id,
    position,
    name: nameOf(c),
    type: c.type,
    maxWeight: c.weight,
    scoreRawAi: failed(position) ? 0 : 1,
    scoreObtained: 1,
    status: failed(position) ? ('FAIL' as const) : ('PASS' as const),
    reasoning: 'r',
    quote: 'q',
  }));

/** A completion as the processing pipeline stores it: the row first, its results after, one transaction. */
async function completeLikeThePipeline(at: Date, failed: (i: number) => boolean): Promise<string> {
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
  expect(await keptOf(t.id)).toBe('[]');
  await h.db.$transaction(
    async (tx) => {
      await tx.transcription.updateMany({
        where: { id: t.id, status: 'IN_PROGRESS' },
        data: { status: 'COMPLETED', score: 70, criticalFail: false },
      });
      await tx.criterionResult.createMany({ data: resultRows(t.id, e1.criteria, failed) });
    },
    { maxWait: 60_000, timeout: 60_000 },
  ); // twenty at once on a pool of five, on a loaded machine
  return t.id;
}

describe('svc_transcriptions.failed_criteria_json', () => {
  it('holds the backfilled and bulk-inserted results', async () => {
    const { rows } = await check();
    expect(rows).toBe(300);
  });

  it('follows completions, in position order, and rows without results stay []', async () => {
    const id = await completeLikeThePipeline(new Date('2026-05-01T23:00:00Z'), (i) => i !== 1);
    expect(await keptOf(id)).toBe('["Greeting","No promises"]');
    const none = await seedScoredTranscription(h.db, accountId, { at: '2026-05-02T01:00:00Z', score: 80, duration: 1, evaluatorId: e1.id });
    expect(await keptOf(none)).toBe('[]');
    await check();
  });

  it('follows changes of the results: status, name, position, moved to another call, deleted', async () => {
    const [a, b, c, d] = await h.db.transcription.findMany({
      where: { accountId, results: { some: {} } },
      orderBy: { createdAt: 'asc' },
      take: 4,
      select: { id: true },
    });
    await h.db.criterionResult.updateMany({ where: { transcriptionId: a.id }, data: { status: 'FAIL' } });
    await h.db.criterionResult.updateMany({ where: { transcriptionId: b.id, status: 'FAIL' }, data: { name: 'Renamed "x" \\ ü\n' } });
    await h.db.$executeRaw`UPDATE svc_criterion_results SET position = 10 - position WHERE transcription_id = ${a.id}::uuid`;
    await h.db.criterionResult.deleteMany({ where: { transcriptionId: c.id, status: 'FAIL' } });
    await check();
    expect(await keptOf(c.id)).toBe('[]');
    // A result moved from one call to another changes both.
    const empty = await seedScoredTranscription(h.db, accountId, {
      at: '2026-05-02T02:00:00Z',
      score: 80,
      duration: 1,
      evaluatorId: e1.id,
    });
    const moved = await h.db.criterionResult.updateMany({
      where: { transcriptionId: a.id, criterionId: e1.criteria[0].id },
      data: { transcriptionId: empty },
    });
    expect(moved.count).toBe(1);
    expect(await keptOf(empty)).toBe('["Greeting"]');
    expect(await keptOf(a.id)).toBe('["No promises","Resolution"]'); // positions reversed above
    await h.db.criterionResult.updateMany({ where: { transcriptionId: d.id }, data: { status: 'PASS' } });
    expect(await keptOf(d.id)).toBe('[]');
    await check();
  });

  it('follows a re-evaluation (results replaced in one transaction) and holds NULL for a text over 1,000 bytes', async () => {
    const [a, b] = await newest(2);
    await h.db.$transaction([
      h.db.criterionResult.deleteMany({ where: { transcriptionId: a.id } }),
      h.db.criterionResult.createMany({ data: resultRows(a.id, e1.criteria, (i) => i === 2) }),
    ]);
    expect(await keptOf(a.id)).toBe('["No promises"]');
    await h.db.$transaction([
      h.db.criterionResult.deleteMany({ where: { transcriptionId: b.id } }),
      h.db.criterionResult.createMany({
        data: resultRows(
          b.id,
          e1.criteria,
          () => true,
          (c) => `${c.name} ${'é'.repeat(200)}`,
        ),
      }),
    ]);
    expect(await keptOf(b.id)).toBeNull(); // 3 names of 400+ bytes
    expect((await check()).nulls).toBe(1);
    // Back under the limit: the text again.
    await h.db.criterionResult.updateMany({ where: { transcriptionId: b.id, position: { gt: 0 } }, data: { status: 'PASS' } });
    expect(await keptOf(b.id)).toBe(`["Greeting ${'é'.repeat(200)}"]`);
    await check();
  });

  it('follows deletions: one call, many at once, the retention purge, the whole account', async () => {
    const newest40 = (await newest(40)).map((t) => t.id);
    await deleteByEveryPath(h, accountId, newest40, 'failed-criteria-json', check);
    await h.db.account.delete({ where: { id: accountId } });
    expect(await h.db.transcription.count({ where: { accountId } })).toBe(0);
  });

  it('stays exact under concurrent completions', async () => {
    ({ accountId, evaluator: e1, participantId } = await seedSupportAccount(h, greetingAndResolution));
    const at = new Date('2026-05-03T12:00:00Z');
    await Promise.all(Array.from({ length: 20 }, (_, i) => completeLikeThePipeline(at, (k) => (i + k) % 2 === 0)));
    expect((await check()).rows).toBe(20);
  });
});
