/**
 * Sets hub_transcriptions.sampled from the sampling rule (docs/console.md "Sampling"). Within each
 * participant and ISO week (Monday 00:00 UTC), the eligible calls (COMPLETED, not critical, not
 * deleted) are ranked by md5(seed, call id) and the first ceil(share × n / 100) are sampled, so
 * every participant gets the chosen share of every week, and the same seed always picks the same
 * calls. A stored flag keeps the queue one indexed read at 100,000 calls; it is recomputed for one
 * participant-week when a call of it is mirrored, and for every call when the rule changes.
 */
import { Prisma } from '../../../generated/prisma/client.js';
import type { Db } from '../../../db.js';
import { readSamplingRule, type SamplingRule } from './sampling-rule.js';

/** A Prisma client or an interactive transaction's. */
type SamplingDb = Pick<Db, '$executeRaw' | '$queryRaw' | 'hubSetting'>;

const week = (column: Prisma.Sql) => Prisma.sql`date_trunc('week', ${column} AT TIME ZONE 'UTC')`;

/** Recomputes the flag of the calls `scope` selects (a condition on alias `s`); answers how many changed. */
async function resample(db: SamplingDb, rule: SamplingRule, scope: Prisma.Sql): Promise<number> {
  return db.$executeRaw`
    WITH scoped AS (SELECT s.id, s.participant_id, s.recorded_at, s.status, s.critical_fail, s.deleted_at FROM hub_transcriptions s WHERE ${scope}),
    ranked AS (
      SELECT e.id,
             row_number() OVER (PARTITION BY e.participant_id, ${week(Prisma.sql`e.recorded_at`)} ORDER BY md5(${rule.seed} || ':' || e.id::text), e.id) AS rank,
             count(*) OVER (PARTITION BY e.participant_id, ${week(Prisma.sql`e.recorded_at`)}) AS n
      FROM scoped e WHERE e.status = 'COMPLETED' AND e.critical_fail = false AND e.deleted_at IS NULL
    ),
    picked AS (
      SELECT c.id, coalesce(r.rank <= ceil(${rule.share}::float8 * r.n / 100.0), false) AS sampled FROM scoped c LEFT JOIN ranked r ON r.id = c.id
    )
    UPDATE hub_transcriptions t SET sampled = p.sampled FROM picked p WHERE p.id = t.id AND t.sampled IS DISTINCT FROM p.sampled`;
}

// Two mirrors of one participant-week (or a mirror and a rule change) re-picking at once would each
// miss the other's uncommitted call: a week's re-pick holds that week's lock and the rule's lock
// shared, a rule change holds the rule's lock alone, each until its transaction ends.
const ruleLock = Prisma.sql`hashtext('convoqa:sampling')`;

/** Every call, under `rule` (after the rule changed); run inside the transaction that stores the rule. */
export async function resampleAll(db: SamplingDb, rule: SamplingRule): Promise<number> {
  await db.$queryRaw`SELECT pg_advisory_xact_lock(${ruleLock})::text`;
  return resample(db, rule, Prisma.sql`true`);
}

/** Monday 00:00 UTC of the ISO week holding `at`. */
export function isoWeekStart(at: Date): Date {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  return start;
}

const weekMs = 7 * 24 * 3600 * 1000;

/** The participant-week of one call (after it was mirrored), under `rule` (by default the rule in force); run inside a transaction. */
export async function resampleWeekOf(
  db: SamplingDb,
  call: { participantId: string | null; recordedAt: Date },
  rule?: SamplingRule,
): Promise<number> {
  const from = isoWeekStart(call.recordedAt);
  await db.$queryRaw`SELECT pg_advisory_xact_lock_shared(${ruleLock})::text`;
  const inForce = rule ?? (await readSamplingRule(db));
  // Sampling off in force (the default): every flag is already false (turning it off cleared them,
  // a new call starts false), so mirrors into one busy week need not queue behind each other.
  if (rule === undefined && inForce.share === 0) return 0;
  await db.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`convoqa:sampling:${call.participantId ?? 'none'}:${from.toISOString()}`}))::text`;
  return resample(db, inForce, participantWeekOf('s', call));
}

/** The calls of one call's participant and ISO week, as a condition on alias `alias` of hub_transcriptions. */
export function participantWeekOf(alias: 's' | 't', call: { participantId: string | null; recordedAt: Date }): Prisma.Sql {
  const column = (name: string) => Prisma.raw(`${alias}.${name}`);
  const from = isoWeekStart(call.recordedAt);
  const participant =
    call.participantId === null
      ? Prisma.sql`${column('participant_id')} IS NULL`
      : Prisma.sql`${column('participant_id')} = ${call.participantId}::uuid`;
  return Prisma.sql`${participant} AND ${column('recorded_at')} >= ${from} AND ${column('recorded_at')} < ${new Date(from.getTime() + weekMs)}`;
}

type ParticipantWeek = { participantId: string | null; recordedAt: Date };
const weekKey = (w: ParticipantWeek) => `${w.participantId ?? ''}|${isoWeekStart(w.recordedAt).toISOString()}`;

/**
 * The participant-weeks a mirror changes: the call's, and the one it was in before if that differs
 * (it changed participant or week, and that week is picked again without it); in a fixed order, so
 * two mirrors moving calls between the same weeks take their locks alike.
 */
export function participantWeeksTouched(previous: ParticipantWeek | null, current: ParticipantWeek): ParticipantWeek[] {
  if (!previous || weekKey(previous) === weekKey(current)) return [current];
  return [previous, current].sort((a, b) => weekKey(a).localeCompare(weekKey(b)));
}
