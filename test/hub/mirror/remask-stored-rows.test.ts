/**
 * Rows masked under older rules or none at all (mirrored before redaction existed) are masked
 * again from what the hub stores, with no upstream call: the ones the upstream no longer lists
 * (deleted there) too. A row a mirror writes meanwhile is left as the mirror wrote it
 * (docs/redaction.md, "The hub").
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamTranscription } from '../../../src/hub/client/answers/upstream-transcription.js';
import type { HubContext } from '../../../src/hub/hub-context.js';
import { writeMirror } from '../../../src/hub/mirror/mirror-transcription.js';
import { remaskMirror } from '../../../src/hub/mirror/remask-mirror.js';
import { HUB_REDACTION_VERSION } from '../../../src/hub/redaction/redaction-version.js';
import { transcriptionWire } from '../../fakes/wire-fixtures.js';
import { createHarness, type Harness } from '../../support/harness.js';
import { createScratchDatabase } from '../../support/scratch-database.js';
import { eventually } from '../../support/webhook-receiver.js';

// The re-mask reads the hub's table as a whole: a database of this file's own.
let h: Harness;
let hub: HubContext;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
beforeAll(async () => {
  scratch = await createScratchDatabase('remask_stored_rows');
  h = createHarness({ databaseUrl: scratch.url });
  hub = h.hubContext();
});
afterAll(async () => {
  await h?.close();
  await scratch?.drop();
});

const card = '4539 1488 0343 6467';
const conversation = {
  segments: [
    { speaker: 'A', text: 'Can I take the card number?' },
    { speaker: 'B', text: `It is ${card}.` },
    { speaker: 'A', text: 'And the security code?' },
    { speaker: 'B', text: 'Seven three nine.' },
  ],
};

/** A row as a hub mirrored it before redaction existed: every place a card number can be, in the clear. */
async function insertUnmasked(options: { deleted: boolean }): Promise<string> {
  const id = randomUUID();
  const recordedAt = new Date('2026-02-03T14:30:00Z');
  await h.db.hubTranscription.create({
    data: {
      id,
      status: 'COMPLETED',
      name: `Call about ${card}`,
      recordedAt,
      conversation,
      summary: { text: `The caller paid with ${card}.`, language: 'en' },
      fields: { fields: [{ name: 'card_number', value: card }] },
      summaryFeedback: `The agent let ${card} be read twice.`,
      errorMessage: `card ${card} declined once`,
      upstreamAnswer: { details: { error: { message: `card ${card} declined once` } } },
      deletedAt: options.deleted ? new Date() : null,
      redactionPolicies: [],
      redactionVersion: 0,
      results: {
        create: [
          {
            criterionId: randomUUID(),
            position: 0,
            name: 'No card read back',
            type: 'boolean',
            status: 'FAIL',
            maxWeight: 10,
            scoreRawAi: 0,
            scoreObtained: 0,
            reasoning: `The agent repeated ${card}.`,
            quote: 'Seven three nine.',
            feedback: `Never repeat ${card.replaceAll(' ', '')}.`,
            recordedAt,
          },
        ],
      },
    },
  });
  return id;
}

const readRow = (id: string) => h.db.hubTranscription.findUniqueOrThrow({ where: { id }, include: { results: true } });

describe('the local re-mask of stored rows', () => {
  it('masks every copy of a row behind, deleted upstream or not, and a second run changes nothing', async () => {
    const listed = await insertUnmasked({ deleted: false });
    const deleted = await insertUnmasked({ deleted: true });
    const workers = h.startWorker();
    try {
      await h.jobs.enqueue('hub.remask-mirror', { tick: 'test' }, { jobId: 'remask-test' });
      await eventually(async () => (await h.jobs.queue('hub.remask-mirror').getJob('remask-test'))?.isCompleted(), 20_000);
    } finally {
      await workers.close();
    }
    for (const id of [listed, deleted]) {
      const row = await readRow(id);
      const stored = JSON.stringify(row);
      expect(stored).not.toMatch(/4539|6467|Seven three nine/);
      expect(row.name).toBe('Call about [CREDIT_CARD_NUMBER]');
      expect(JSON.stringify(row.conversation)).toContain('It is [CREDIT_CARD_NUMBER].');
      expect(JSON.stringify(row.summary)).toContain('The caller paid with [CREDIT_CARD_NUMBER].');
      expect(JSON.stringify(row.fields)).toContain('[CREDIT_CARD_NUMBER]');
      expect(row.errorMessage).toBe('card [CREDIT_CARD_NUMBER] declined once');
      expect(JSON.stringify(row.upstreamAnswer)).toContain('card [CREDIT_CARD_NUMBER] declined once');
      expect(row.summaryFeedback).toBe('The agent let [CREDIT_CARD_NUMBER] be read twice.');
      expect(row.results[0].reasoning).toBe('The agent repeated [CREDIT_CARD_NUMBER].');
      // The code is no card number alone: it is masked because the conversation masked it.
      expect(row.results[0].quote).not.toContain('Seven');
      expect(row.results[0].feedback).toBe('Never repeat [CREDIT_CARD_NUMBER].');
      expect(row.redactionVersion).toBe(HUB_REDACTION_VERSION);
      expect(row.redactionPolicies).toEqual(hub.settings.redaction.policies);
      expect(row.deletedAt === null).toBe(id === listed);
    }

    const before = await Promise.all([listed, deleted].map(readRow));
    expect(await remaskMirror(hub)).toEqual({ remasked: 0, remaskedDeleted: 0, alreadyCurrent: 0 });
    expect(await Promise.all([listed, deleted].map(readRow))).toEqual(before);
  });

  it('reads the rows behind in batches, by id', async () => {
    const ids = await Promise.all([0, 1, 2].map((i) => insertUnmasked({ deleted: i === 1 })));
    expect(await remaskMirror(hub, { batchSize: 2 })).toEqual({ remasked: 3, remaskedDeleted: 1, alreadyCurrent: 0 });
    for (const id of ids) expect((await readRow(id)).redactionVersion).toBe(HUB_REDACTION_VERSION);
  });

  it('leaves a row a mirror wrote while the re-mask waited for its lock as the mirror wrote it', async () => {
    const id = await insertUnmasked({ deleted: false });
    const fetched = UpstreamTranscription.parse(
      transcriptionWire({
        transcription_id: id,
        details: { ...transcriptionWire().details, conversation, summary: { text: 'Summarised again upstream.', language: 'en' } },
      }),
    );
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    // The mirror's transaction holds the row's lock until the re-mask is waiting for it.
    const mirroring = writeMirror(hub, fetched, [
      async () => {
        entered();
        await eventually(async () => {
          const [{ waiting }] = await h.db.$queryRaw<{ waiting: number }[]>`
            SELECT count(*)::int AS waiting FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`;
          return waiting > 0;
        }, 20_000);
      },
    ]);
    await inside;
    const report = await remaskMirror(hub);
    await mirroring;
    expect(report).toEqual({ remasked: 0, remaskedDeleted: 0, alreadyCurrent: 1 });
    const row = await readRow(id);
    expect(row.summary).toEqual({ text: 'Summarised again upstream.', language: 'en' });
    expect(row.name).toBe('Call 42');
    expect(row.results).toEqual([]);
    expect(row.redactionVersion).toBe(HUB_REDACTION_VERSION);
  });
});
