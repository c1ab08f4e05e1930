import { createHash } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';
import type { Db } from '../../db.js';
import { Prisma } from '../../generated/prisma/client.js';
import { AppError } from '../../lib/errors/app-error.js';
import { stillBlindFor } from './calibration/still-blind.js';
import { checkDayRange, lastMomentOfDay, optionalFilterDay, startOfDay } from './day-filter.js';
import type { Facet, QueueChoices, QueueChoicesCache } from './queue-choices-cache.js';
import { waitingForReview } from './waiting-for-review.js';

const Uuid = z.guid();
const empty = (v: unknown) => (v === '' ? undefined : v);

/** The queue's filters, as they appear in the URL (so a filtered view can be shared). */
export const QueueFilters = z
  .object({
    evaluator: z.preprocess(empty, Uuid.optional()),
    participant: z.preprocess(empty, Uuid.optional()),
    criterion: z.preprocess(empty, Uuid.optional()),
    from: optionalFilterDay,
    to: optionalFilterDay,
    score_below: z.preprocess(empty, z.coerce.number().min(0).max(100).optional()),
    group: z.preprocess(empty, z.enum(['pending', 'none']).optional()),
    reviewed: z.preprocess(empty, z.enum(['yes', 'no']).optional()),
    after: z.preprocess(empty, z.string().max(200).optional()),
  })
  .superRefine(checkDayRange);
export type QueueFilters = z.infer<typeof QueueFilters>;

export interface QueueRow {
  id: string;
  name: string | null;
  recordedAt: Date;
  participantTag: string | null;
  evaluatorTag: string | null;
  score: number | null;
  group: string | null;
  failedCriteria: string | null;
  isReviewed: boolean;
  /** Picked by the sampling rule (a non-critical call), not a critical fail. */
  sampled: boolean;
  effectiveScore: number | null;
  effectiveCriticalFail: boolean | null;
  /** The viewer still scores it blind in a calibration session: the AI's verdicts above are left out. */
  inCalibration: boolean;
}

export interface QueuePage {
  rows: QueueRow[];
  nextCursor: string | null;
  counts: { total: number; pending: number; none: number; reviewed: number; notReviewed: number };
  evaluators: Facet[];
  participants: Facet[];
  criteria: Facet[];
}

export const encodeCursor = (row: { recordedAt: Date; id: string }) =>
  Buffer.from(`${row.recordedAt.toISOString()}|${row.id}`).toString('base64url');
/**
 * A cursor's time is checked as the shared keyset cursor checks it (lib/paging/keyset-cursor.ts): an
 * ISO 8601 instant with a four-digit year. `Date.parse` alone takes extended years (`-005000-…`),
 * which PostgreSQL cannot hold, and the page would fail instead of refusing the cursor.
 */
export function decodeCursor(cursor: string): { recordedAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !z.iso.datetime().safeParse(at).success || !Uuid.safeParse(id).success)
    throw new AppError('invalid_value', 'Invalid page cursor: start again from the first page');
  return { recordedAt: new Date(at), id: id };
}

type FilterName = 'evaluator' | 'participant' | 'criterion';

/**
 * The WHERE clause of the queue: critical fails and sampled calls (sampling/apply-sampling.ts) still
 * waiting for a human (group PENDING_REVIEW or none, not deleted upstream), the same predicate as the partial index
 * hub_transcriptions_console_queue_idx, then the filters (all but `except`, for its facet).
 */
export function queueWhere(f: QueueFilters, except?: FilterName): Prisma.Sql {
  const parts: Prisma.Sql[] = [waitingForReview];
  if (f.evaluator && except !== 'evaluator') parts.push(Prisma.sql`t.evaluator_id = ${f.evaluator}::uuid`);
  if (f.participant && except !== 'participant') parts.push(Prisma.sql`t.participant_id = ${f.participant}::uuid`);
  if (f.criterion && except !== 'criterion') {
    parts.push(
      Prisma.sql`EXISTS (SELECT 1 FROM hub_criterion_results c WHERE c.transcription_id = t.id AND c.criterion_id = ${f.criterion}::uuid AND c.status = 'FAIL')`,
    );
  }
  if (f.from) parts.push(Prisma.sql`t.recorded_at >= ${startOfDay(f.from)}`);
  if (f.to) parts.push(Prisma.sql`t.recorded_at <= ${lastMomentOfDay(f.to)}`);
  if (f.score_below !== undefined) parts.push(Prisma.sql`t.score < ${f.score_below}`);
  if (f.group === 'pending') parts.push(Prisma.sql`t.review_group = 'PENDING_REVIEW'`);
  if (f.group === 'none') parts.push(Prisma.sql`t.review_group IS NULL`);
  if (f.reviewed === 'yes') parts.push(Prisma.sql`EXISTS (SELECT 1 FROM hub_reviews r WHERE r.transcription_id = t.id)`);
  if (f.reviewed === 'no') parts.push(Prisma.sql`NOT EXISTS (SELECT 1 FROM hub_reviews r WHERE r.transcription_id = t.id)`);
  return Prisma.join(parts, ' AND ');
}

// Counts are bigint through Prisma and text through pg: Number() reads both.
type Count = bigint | string;
type FacetRow = { id: string | null; label: string | null; count: Count };

/** Runs one statement and answers its rows: through Prisma, or a bare pg pool (much less overhead per query). */
type RunSql = <T>(query: Prisma.Sql) => Promise<T[]>;
const throughPrisma =
  (db: Db): RunSql =>
  (query) =>
    db.$queryRaw(query);
// Named, so each connection parses and plans a statement once (a few hundred filter combinations at most).
const statementName = (text: string) => `console_queue_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
const throughPool =
  (pool: pg.Pool): RunSql =>
  async <T>(query: Prisma.Sql) =>
    (await pool.query({ name: statementName(query.text), text: query.text, values: query.values })).rows as T[];

// The criterion facet reads the queue's ids into an array first, so PostgreSQL looks their results
// up by primary key instead of hashing all 200,000 criterion rows (npm run bench:console).
const toFacets = (rows: FacetRow[]): Facet[] => rows.map((r) => ({ id: r.id, label: r.label, count: Number(r.count) }));

/** The three filter choices with their counts (each counted under all the other filters). */
async function loadChoices(run: RunSql, filters: QueueFilters): Promise<QueueChoices> {
  const [evaluators, participants, criteria] = await Promise.all([
    run<FacetRow>(Prisma.sql`
      SELECT t.evaluator_id::text AS id, max(t.evaluator_tag) AS label, count(*) AS count FROM hub_transcriptions t
      WHERE ${queueWhere(filters, 'evaluator')} GROUP BY t.evaluator_id ORDER BY count(*) DESC LIMIT 200`),
    run<FacetRow>(Prisma.sql`
      SELECT t.participant_id::text AS id, max(t.participant_tag) AS label, count(*) AS count FROM hub_transcriptions t
      WHERE ${queueWhere(filters, 'participant')} GROUP BY t.participant_id ORDER BY count(*) DESC LIMIT 200`),
    run<FacetRow>(Prisma.sql`
      SELECT c.criterion_id::text AS id, max(c.name) AS label, count(*) AS count FROM hub_criterion_results c
      WHERE c.status = 'FAIL' AND c.transcription_id = ANY(ARRAY(SELECT t.id FROM hub_transcriptions t WHERE ${queueWhere(filters, 'criterion')}))
      GROUP BY c.criterion_id ORDER BY count(*) DESC LIMIT 200`),
  ]);
  return { evaluators: toFacets(evaluators), participants: toFacets(participants), criteria: toFacets(criteria) };
}

/** The choices depend on every filter but the cursor. */
const choicesKey = (filters: QueueFilters) =>
  JSON.stringify(
    Object.entries(filters)
      .filter(([key, value]) => key !== 'after' && value !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/**
 * A call the viewer still scores blind shows none of the AI's verdicts (docs/console.md
 * "Calibration"): no score, no effective score or flag after others' overrides, no failed
 * criteria, and not "sampled" (which says the AI found no critical fail).
 */
const withoutAiVerdictsWhenBlind = (row: QueueRow): QueueRow =>
  row.inCalibration
    ? { ...row, score: null, effectiveScore: null, effectiveCriticalFail: null, failedCriteria: null, sampled: false }
    : row;

/**
 * One page of the review queue, newest first (keyset pagination), with its counts and the filters'
 * choices. The page, the counts and the choices run at once; the choices come from `choices` (a
 * per-process cache of a few seconds, queue-choices-cache.ts) when given, and the statements run
 * on `pool` (the console's bare pg pool) when given, else through Prisma. With `viewerId`, the
 * calls that viewer still scores blind in a calibration session come without the AI's verdicts.
 */
export async function findReviewQueue(
  db: Db,
  filters: QueueFilters,
  options: { choices?: QueueChoicesCache; pool?: pg.Pool; pageSize?: number; viewerId?: string } = {},
): Promise<QueuePage> {
  const pageSize = options.pageSize ?? 50;
  const run = options.pool ? throughPool(options.pool) : throughPrisma(db);
  const after = filters.after ? decodeCursor(filters.after) : null;
  const where = queueWhere(filters);
  const cursor = after ? Prisma.sql`AND (t.recorded_at, t.id) < (${after.recordedAt}, ${after.id}::uuid)` : Prisma.empty;
  const [rows, [counts], choices] = await Promise.all([
    run<QueueRow>(Prisma.sql`
      SELECT t.id, t.name, t.recorded_at AS "recordedAt", t.participant_tag AS "participantTag", t.evaluator_tag AS "evaluatorTag",
             t.score, t.review_group AS "group", t.sampled, r.transcription_id IS NOT NULL AS "isReviewed",
             r.effective_score AS "effectiveScore", r.effective_critical_fail AS "effectiveCriticalFail",
             (SELECT string_agg(c.name, '; ' ORDER BY c.position) FROM hub_criterion_results c WHERE c.transcription_id = t.id AND c.status = 'FAIL') AS "failedCriteria",
             ${options.viewerId ? stillBlindFor(options.viewerId) : Prisma.sql`FALSE`} AS "inCalibration"
      FROM hub_transcriptions t LEFT JOIN hub_reviews r ON r.transcription_id = t.id
      WHERE ${where} ${cursor}
      ORDER BY t.recorded_at DESC, t.id DESC
      LIMIT ${pageSize + 1}`),
    run<{ total: Count; pending: Count; none: Count; reviewed: Count }>(Prisma.sql`
      SELECT count(*) AS total, count(*) FILTER (WHERE t.review_group = 'PENDING_REVIEW') AS pending, count(*) FILTER (WHERE t.review_group IS NULL) AS none,
             count(r.transcription_id) AS reviewed
      FROM hub_transcriptions t LEFT JOIN hub_reviews r ON r.transcription_id = t.id WHERE ${where}`),
    options.choices ? options.choices.get(choicesKey(filters), () => loadChoices(run, filters)) : loadChoices(run, filters),
  ]);
  const page = rows.slice(0, pageSize).map(withoutAiVerdictsWhenBlind);
  const last = page.at(-1);
  const total = Number(counts?.total ?? 0);
  const reviewed = Number(counts?.reviewed ?? 0);
  return {
    rows: page,
    nextCursor: rows.length > pageSize && last ? encodeCursor(last) : null,
    counts: { total, pending: Number(counts?.pending ?? 0), none: Number(counts?.none ?? 0), reviewed, notReviewed: total - reviewed },
    ...choices,
  };
}
