/**
 * The review sampling rule (docs/console.md "Sampling") on real PostgreSQL: within each participant
 * and ISO week, exactly ceil(share × eligible / 100) of the non-critical COMPLETED calls are sampled;
 * critical, failed and deleted calls never are; the same seed picks the same calls again, another
 * seed other ones; a call mirrored into a week re-picks only that week.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoWeekStart, participantWeeksTouched, resampleWeekOf } from '../../../src/hub/review/sampling/apply-sampling.js';
import { readSamplingRule, type SamplingRule } from '../../../src/hub/review/sampling/sampling-rule.js';
import { createHarness, type Harness } from '../../support/harness.js';
import { closeInOrder } from '../../support/close-in-order.js';

let h: Harness;
const participants = [randomUUID(), randomUUID()];
/** Two ISO weeks: Monday 2026-03-02 and Monday 2026-03-09 (UTC). */
const weeks = [new Date('2026-03-02T00:00:00Z'), new Date('2026-03-09T00:00:00Z')];
/** Eligible calls per participant and week: different sizes, so the rounding up shows. */
const sizes = [
  [10, 7],
  [3, 20],
];

beforeAll(async () => {
  h = createHarness();
  for (const [p, participant] of participants.entries()) {
    for (const [w, monday] of weeks.entries()) {
      // Eligible calls spread over the whole week (Monday 00:00 to Sunday 23:59 UTC), plus ones
      // that never count: a critical fail, a FAILED call and a deleted one.
      await h.db.$executeRawUnsafe(
        `INSERT INTO hub_transcriptions (id, status, participant_id, recorded_at, critical_fail, deleted_at)
         SELECT gen_random_uuid(), 'COMPLETED', $1::uuid, $2::timestamptz + (i - 1) * ((interval '7 days' - interval '1 second') / greatest($3::int - 1, 1)), false, NULL::timestamptz
         FROM generate_series(1, $3::int) AS i
         UNION ALL SELECT gen_random_uuid(), 'COMPLETED', $1::uuid, $2::timestamptz + interval '1 hour', true, NULL
         UNION ALL SELECT gen_random_uuid(), 'FAILED', $1::uuid, $2::timestamptz + interval '2 hours', NULL, NULL
         UNION ALL SELECT gen_random_uuid(), 'COMPLETED', $1::uuid, $2::timestamptz + interval '3 hours', false, now()`,
        participant,
        monday,
        sizes[p]?.[w],
      );
    }
  }
});
afterAll(() => closeInOrder(h));

const sampleAll = async (rule: SamplingRule) => {
  for (const participantId of participants)
    for (const recordedAt of weeks) await h.db.$transaction((tx) => resampleWeekOf(tx, { participantId, recordedAt }, rule));
};
const sampledIds = async () =>
  (
    await h.db.hubTranscription.findMany({
      where: { participantId: { in: participants }, sampled: true },
      select: { id: true },
      orderBy: { id: 'asc' },
    })
  ).map((r) => r.id);

describe('the sampling rule', () => {
  it('samples ceil(share × n) eligible calls of every participant and week, and no other call', async () => {
    await sampleAll({ share: 25, seed: 'spring' });
    const rows = await h.db.hubTranscription.findMany({ where: { participantId: { in: participants }, sampled: true } });
    for (const [p, participant] of participants.entries()) {
      for (const [w, monday] of weeks.entries()) {
        const inWeek = rows.filter((r) => r.participantId === participant && isoWeekStart(r.recordedAt).getTime() === monday.getTime());
        expect(inWeek.length).toBe(Math.ceil((25 * (sizes[p]?.[w] ?? 0)) / 100));
      }
    }
    expect(rows.every((r) => r.status === 'COMPLETED' && r.criticalFail === false && r.deletedAt === null)).toBe(true);
  });

  it('is reproducible: the same seed picks the same calls, another seed other ones, share 0 none', async () => {
    await sampleAll({ share: 25, seed: 'spring' });
    const first = await sampledIds();
    await sampleAll({ share: 25, seed: 'autumn' });
    const other = await sampledIds();
    await sampleAll({ share: 25, seed: 'spring' });
    expect(await sampledIds()).toEqual(first);
    expect(other).toHaveLength(first.length);
    expect(other).not.toEqual(first);
    await sampleAll({ share: 0, seed: 'spring' });
    expect(await sampledIds()).toEqual([]);
  });

  it('a larger share keeps the calls a smaller one picked (the order by hash is fixed)', async () => {
    await sampleAll({ share: 20, seed: 'spring' });
    const smaller = await sampledIds();
    await sampleAll({ share: 60, seed: 'spring' });
    const larger = await sampledIds();
    expect(larger.length).toBeGreaterThan(smaller.length);
    expect(smaller.every((id) => larger.includes(id))).toBe(true);
  });

  it('takes Monday 00:00 UTC as the start of the ISO week', () => {
    expect(isoWeekStart(new Date('2026-03-08T23:59:59Z')).toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(isoWeekStart(new Date('2026-03-09T00:00:00Z')).toISOString()).toBe('2026-03-09T00:00:00.000Z');
  });
});

describe('the weeks a mirror picks again', () => {
  const monday = new Date('2026-03-02T09:00:00Z');
  const sunday = new Date('2026-03-08T23:00:00Z');
  const nextMonday = new Date('2026-03-09T01:00:00Z');
  it('is the call’s week, and the week it left when its participant or week changed, in one order', () => {
    const [p1, p2] = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
    expect(participantWeeksTouched(null, { participantId: p1, recordedAt: monday })).toEqual([{ participantId: p1, recordedAt: monday }]);
    expect(participantWeeksTouched({ participantId: p1, recordedAt: monday }, { participantId: p1, recordedAt: sunday })).toEqual([
      { participantId: p1, recordedAt: sunday },
    ]);
    const moved = participantWeeksTouched({ participantId: p2, recordedAt: monday }, { participantId: p1, recordedAt: monday });
    expect(moved).toEqual([
      { participantId: p1, recordedAt: monday },
      { participantId: p2, recordedAt: monday },
    ]);
    expect(participantWeeksTouched({ participantId: p1, recordedAt: monday }, { participantId: p2, recordedAt: monday })).toEqual(moved);
    expect(participantWeeksTouched({ participantId: p1, recordedAt: sunday }, { participantId: p1, recordedAt: nextMonday })).toHaveLength(
      2,
    );
    expect(participantWeeksTouched({ participantId: null, recordedAt: monday }, { participantId: p1, recordedAt: monday })).toHaveLength(2);
  });
});

describe('with sampling off in force', () => {
  it('a mirror into a week another transaction is re-picking does not wait for it', async () => {
    // The rule is the hub's, shared with the files beside this one; the loop's browser test turns it on for a moment.
    await eventuallyOff();
    const call = { participantId: participants[0] ?? null, recordedAt: weeks[0] ?? new Date() };
    const weekKey = `convoqa:sampling:${call.participantId}:${isoWeekStart(call.recordedAt).toISOString()}`;
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding = false;
    const holder = h.db.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${weekKey}))::text`;
        holding = true;
        // Held for up to 25 s: longer than a rule change elsewhere in the suite keeps the rule's lock.
        await Promise.race([released, new Promise((r) => setTimeout(r, 25_000))]);
        holding = false;
      },
      { timeout: 40_000 },
    );
    try {
      while (!holding) await new Promise((r) => setTimeout(r, 20));
      const changed = await h.db.$transaction((tx) => resampleWeekOf(tx, call), { timeout: 40_000 });
      expect(changed).toBe(0);
      expect(holding).toBe(true);
    } finally {
      release();
      await holder;
    }
  }, 60_000);
});

async function eventuallyOff(): Promise<void> {
  for (let i = 0; i < 300 && (await readSamplingRule(h.db)).share !== 0; i++) await new Promise((r) => setTimeout(r, 100));
  expect((await readSamplingRule(h.db)).share).toBe(0);
}
