/**
 * The mirror against what the API description leaves open, with the scripted fake upstream
 * (test/fakes/fake-upstream.ts) answering as our built-in service would not: which rows a list
 * cut at 20,000 keeps, a 404 that may mean a wrong path. Reconciliation compares the list with the whole mirror, so this file has a
 * database of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubContext } from '../../../src/hub/hub-context.js';
import { mirrorTranscription, writeMirror } from '../../../src/hub/mirror/mirror-transcription.js';
import { reconcileMirror } from '../../../src/hub/mirror/reconcile-mirror.js';
import { readSyncState } from '../../../src/hub/mirror/sync-state.js';
import { moveGroups } from '../../../src/hub/review/move-groups.js';
import { startFakeUpstream, type FakeUpstream } from '../../fakes/fake-upstream.js';
import { closeInOrder } from '../../support/close-in-order.js';
import { createHarness, type Harness } from '../../support/harness.js';
import { createScratchDatabase } from '../../support/scratch-database.js';
import { evaluatedTranscription } from '../alerts/support.js';
import { unpacedTestClient } from '../client/support.js';

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let h: Harness;
let fake: FakeUpstream;
let hub: HubContext;

beforeAll(async () => {
  scratch = await createScratchDatabase('leaves_open');
  h = createHarness({ databaseUrl: scratch.url });
  fake = await startFakeUpstream();
  const client = unpacedTestClient(fake.baseUrl, fake.apiKey, { backoffBaseMs: 1 });
  hub = h.hubContext({ upstream: () => Promise.resolve(client) });
});
afterAll(async () => {
  await closeInOrder(fake, h);
  await scratch.drop();
});

/** A list-transcriptions row for a transcription as `writeMirror` stored it. */
const listRowOf = ({
  details,
  transcription_id,
  status,
  configuration_id,
  configuration_tag,
  duration,
  group,
  name,
}: ReturnType<typeof evaluatedTranscription>) => ({
  ...{ transcription_id, status, configuration_id, configuration_tag, duration, group, name },
  created_at: details.created_at,
  qa: { score: details.evaluation?.score ?? null, critical_fail: details.evaluation?.critical_fail ?? null },
});

const mirrorJobOf = (id: string) => h.jobs.queue('hub.mirror-transcription').getJob(`mirror-${id}`);

describe('a list cut at 20,000', () => {
  it('is not taken to keep the newest rows: nothing is judged gone, and the run says so', async () => {
    const oldest = evaluatedTranscription({ recordedAt: '2025-01-01T00:00:00.000Z', criticalFail: false });
    const newer = [
      evaluatedTranscription({ recordedAt: '2026-06-01T00:00:00.000Z', criticalFail: false }),
      evaluatedTranscription({ recordedAt: '2026-07-01T00:00:00.000Z', criticalFail: false }),
    ];
    for (const t of [oldest, ...newer]) await writeMirror(hub, t, []);
    // This upstream kept the oldest rows when it cut the result.
    fake.script('list-transcriptions', {
      json: { data: { total_transcriptions: 20_000, query_limit_reached: true, statistics: null, transcriptions: [listRowOf(oldest)] } },
    });
    const report = await reconcileMirror(hub);
    expect(report).toMatchObject({ listCut: true, goneChecked: false, queuedGone: 0, queuedNew: 0, queuedChanged: 0 });
    for (const t of newer) expect(await mirrorJobOf(t.transcription_id)).toBeUndefined();
    expect(await readSyncState(h.db)).toMatchObject({ listCut: true, goneChecked: false });

    // A whole list judges what it lacks gone.
    fake.script('list-transcriptions', {
      json: { data: { total_transcriptions: 1, query_limit_reached: false, statistics: null, transcriptions: [listRowOf(oldest)] } },
    });
    expect(await reconcileMirror(hub)).toMatchObject({ listCut: false, goneChecked: true, queuedGone: 2 });
    for (const t of newer) expect(await mirrorJobOf(t.transcription_id)).toBeDefined();
  });
});

describe('a score changed upstream', () => {
  it('is mirrored again by reconciliation, unless the list only rounds it', async () => {
    const rescored = evaluatedTranscription({ score: 40, criticalFail: false });
    const rounded = evaluatedTranscription({ score: 40, criticalFail: false });
    for (const t of [rescored, rounded]) await writeMirror(hub, t, []);
    const withScore = (t: ReturnType<typeof evaluatedTranscription>, score: number) => {
      const row = listRowOf(t);
      return { ...row, qa: { ...row.qa, score } };
    };
    fake.script('list-transcriptions', {
      json: {
        data: {
          total_transcriptions: 2,
          query_limit_reached: true,
          statistics: null,
          transcriptions: [withScore(rescored, 25), withScore(rounded, 40.004)],
        },
      },
    });
    expect(await reconcileMirror(hub)).toMatchObject({ queuedChanged: 1 });
    expect(await mirrorJobOf(rescored.transcription_id)).toBeDefined();
    expect(await mirrorJobOf(rounded.transcription_id)).toBeUndefined();
  });
});

describe('a 404 from get-transcription', () => {
  const notFound = { status: 404, json: { error: { code: 'not_found', message: 'Not Found' } } };

  it('leaves a mirrored call as it is (a wrong path answers 404 too); only a list without it confirms the deletion', async () => {
    const live = evaluatedTranscription({ criticalFail: false });
    await writeMirror(hub, live, []);
    // A webhook's mirror, with the upstream's routes broken: every answer 404.
    fake.script('get-transcription', notFound);
    expect(await mirrorTranscription(hub, live.transcription_id, [])).toBe('not_found');
    expect(await h.db.hubTranscription.findUniqueOrThrow({ where: { id: live.transcription_id } })).toMatchObject({ deletedAt: null });

    // A whole list without it: its mirror is queued as gone, and that one's 404 is final.
    fake.script('list-transcriptions', {
      json: { data: { total_transcriptions: 0, query_limit_reached: false, statistics: null, transcriptions: [] } },
    });
    await reconcileMirror(hub);
    expect((await mirrorJobOf(live.transcription_id))?.data).toEqual({ transcriptionId: live.transcription_id, confirmDeletion: true });
    fake.script('get-transcription', notFound);
    expect(await mirrorTranscription(hub, live.transcription_id, [], { confirmDeletion: true })).toBe('deleted');
    expect((await h.db.hubTranscription.findUniqueOrThrow({ where: { id: live.transcription_id } })).deletedAt).toBeInstanceOf(Date);
  });
});

describe('a group move accepted upstream whose answer breaks the description', () => {
  it('counts as done: the call is read again with get-transcription and the move is audited', async () => {
    const t = evaluatedTranscription({ criticalFail: true });
    await writeMirror(hub, t, []);
    // 200, but the transcription it carries lacks what the description promises.
    fake.script('update-transcription-group', {
      json: { data: { transcription: { transcription_id: t.transcription_id, status: 'COMPLETED' } } },
    });
    fake.script('get-transcription', { json: { data: { ...t, group: 'UNDER_REVIEW' } } });
    const outcome = await moveGroups(hub, [t.transcription_id], 'UNDER_REVIEW', { kind: 'cli' });
    expect(outcome).toEqual({ moved: [t.transcription_id], failed: [] });
    expect(await h.db.hubTranscription.findUniqueOrThrow({ where: { id: t.transcription_id } })).toMatchObject({ group: 'UNDER_REVIEW' });
    expect(await h.db.hubAuditEvent.count({ where: { transcriptionId: t.transcription_id, kind: 'group_move' } })).toBe(1);
    expect(fake.resetScripts()).toBe(0);
  });
});
