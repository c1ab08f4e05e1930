import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db.js';
import { listTranscriptions } from '../../src/service/transcriptions/list-transcriptions.js';
import { seedScoredTranscription } from '../support/analytics-seed.js';
import { createHarness, type Harness } from '../support/harness.js';
import { deleteByEveryPath, seedScoredHistory } from '../support/scored-history.js';

/**
 * svc_transcription_status_counts is kept by triggers in the transaction of every write: after each
 * kind of write it must equal the rows counted by account and status (the migration's backfill).
 */
let h: Harness;
let accountId: string;

beforeAll(async () => {
  h = createHarness();
  ({ accountId } = await seedScoredHistory(h));
});
afterAll(() => h.close());

async function expectCountsRecomputable(db: Db, accountIds: string[]) {
  const kept = await db.transcriptionStatusCount.findMany({
    where: { accountId: { in: accountIds }, count: { not: 0 } },
  });
  const counted = await db.$queryRaw<{ accountId: string; status: string; count: number }[]>`
    SELECT account_id::text AS "accountId", status::text AS status, count(*)::int AS count FROM svc_transcriptions
    WHERE account_id = ANY(${accountIds}::uuid[]) GROUP BY 1, 2`;
  const key = (r: { accountId: string; status: string }) => `${r.accountId} ${r.status}`;
  const byKey = <T extends { accountId: string; status: string }>(rows: T[]) => rows.sort((x, y) => key(x).localeCompare(key(y)));
  expect(byKey(kept.map((k) => ({ accountId: k.accountId, status: k.status, count: k.count })))).toEqual(byKey(counted));
}
const check = () => expectCountsRecomputable(h.db, [accountId]);
const create = (status: 'IN_PROGRESS' | 'COMPLETED' | 'FAILED' = 'IN_PROGRESS') =>
  h.db.transcription.create({
    data: { accountId, configurationId: crypto.randomUUID(), configurationTag: 'x', status, createdAt: new Date() },
  });

describe('svc_transcription_status_counts', () => {
  it('holds the bulk-inserted rows, and list-transcriptions answers from it', async () => {
    await check();
    const answer = await listTranscriptions.handle({}, { accountId, requestId: 'counts', deps: h.deps });
    expect(answer.total_transcriptions).toBe(300);
    expect(answer.statistics).toEqual({ completed: 300, failed: 0, in_progress: 0 });
  });

  it('follows submissions, status changes and writes that change no status', async () => {
    const a = await create();
    const b = await create();
    await seedScoredTranscription(h.db, accountId, { at: '2026-05-02', score: null, duration: 1, status: 'FAILED' });
    await check();
    await h.db.transcription.update({ where: { id: a.id }, data: { status: 'COMPLETED', score: 80 } });
    await h.db.transcription.updateMany({ where: { id: b.id, status: 'IN_PROGRESS' }, data: { status: 'FAILED' } });
    await h.db.transcription.update({ where: { id: b.id }, data: { group: 'ARCHIVED', duration: 12 } });
    await check();
    await h.db.transcription.update({ where: { id: b.id }, data: { status: 'IN_PROGRESS' } });
    await check();
    const answer = await listTranscriptions.handle({}, { accountId, requestId: 'counts', deps: h.deps });
    expect(answer.statistics).toEqual({ completed: 301, failed: 1, in_progress: 1 });
  });

  it('stays exact under concurrent submissions and completions in one account', async () => {
    const created = await Promise.all(Array.from({ length: 20 }, () => create()));
    await Promise.all(
      created.map((t, i) => h.db.transcription.update({ where: { id: t.id }, data: { status: i % 2 ? 'COMPLETED' : 'FAILED' } })),
    );
    await check();
  });

  it('follows deletions: one call, many at once, the retention purge and the whole account', async () => {
    const ids = await h.db.transcription.findMany({ where: { accountId }, orderBy: { createdAt: 'desc' }, take: 40, select: { id: true } });
    await deleteByEveryPath(
      h,
      accountId,
      ids.map((t) => t.id),
      'status-counts',
      check,
    );
    await h.db.account.delete({ where: { id: accountId } });
    expect(await h.db.transcriptionStatusCount.count({ where: { accountId } })).toBe(0);
  });
});
