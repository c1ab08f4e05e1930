/**
 * Every mirrored call, found by its review state, the queue's filters, duration, score, critical
 * fail or not, and the words said in it (docs/console.md "The calls page"). The words go through
 * PostgreSQL full-text search on the expression index hub_transcriptions_search_idx (migration
 * console_call_search); each row of a search shows the first turn that matches, highlighted.
 */
import type pg from 'pg';
import { z } from 'zod';
import { Prisma } from '../../generated/prisma/client.js';
import { stillBlindFor } from './calibration/still-blind.js';
import { checkDayRange, lastMomentOfDay, optionalFilterDay, startOfDay } from './day-filter.js';
import { decodeCursor, encodeCursor } from './review-queue.js';

const empty = (v: unknown) => (v === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(empty, schema.optional());
const Uuid = z.guid();

export const callTabs = ['needs_review', 'mine', 'under_review', 'archived', 'all'] as const;
export type CallTab = (typeof callTabs)[number];

/** The calls page's filters, as they appear in its URL and in its CSV link. */
export const CallFilters = z
  .object({
    tab: z.preprocess(empty, z.enum(callTabs, { error: `tab must be one of ${callTabs.join(', ')}` }).default('needs_review')),
    q: optional(z.string().trim().max(200, { error: 'at most 200 characters' })),
    evaluator: optional(Uuid),
    participant: optional(Uuid),
    from: optionalFilterDay,
    to: optionalFilterDay,
    duration_min: optional(z.coerce.number().min(0).max(86_400)),
    duration_max: optional(z.coerce.number().min(0).max(86_400)),
    score_min: optional(z.coerce.number().min(0).max(100)),
    score_max: optional(z.coerce.number().min(0).max(100)),
    critical: optional(z.enum(['yes', 'no'], { error: 'critical is yes or no' })),
    /** A reviewer's id, or `nobody`: the calls no one is assigned (docs/console.md "Assignment"). */
    assignee: optional(
      z.union([z.literal('nobody'), Uuid.transform((v) => v.toLowerCase())], { error: "assignee is a reviewer's id or nobody" }),
    ),
    after: optional(z.string().max(200)),
  })
  .superRefine(checkDayRange)
  .superRefine((f, ctx) => {
    if (f.duration_min !== undefined && f.duration_max !== undefined && f.duration_min > f.duration_max) {
      ctx.addIssue({ code: 'custom', path: ['duration_max'], message: 'the longest duration is below the shortest' });
    }
    if (f.score_min !== undefined && f.score_max !== undefined && f.score_min > f.score_max) {
      ctx.addIssue({ code: 'custom', path: ['score_max'], message: 'the highest score is below the lowest' });
    }
  });
export type CallFilters = z.infer<typeof CallFilters>;

export interface CallRow {
  id: string;
  name: string | null;
  recordedAt: Date;
  participantTag: string | null;
  evaluatorTag: string | null;
  duration: number | null;
  score: number | null;
  criticalFail: boolean | null;
  /** Picked by the sampling rule (sampling/apply-sampling.ts). */
  sampled: boolean;
  group: string | null;
  /** The reviewer the call is assigned to (assign-calls.ts), by name. */
  assignee: string | null;
  /** The viewer still scores it blind in a calibration session: score, flag and "sampled" are left out. */
  inCalibration: boolean;
  /** The first turn that matches the search, with `[[[…]]]` around the words found (ts_headline); null without a search. */
  matchLine: string | null;
}

export interface CallsPage {
  rows: CallRow[];
  nextCursor: string | null;
}

/** The full-text document of a call: every string of its conversation (speakers and turns). */
export const searchDocument = Prisma.sql`jsonb_to_tsvector('english'::regconfig, t.conversation, '["string"]'::jsonb)`;
const searchQuery = (q: string) => Prisma.sql`websearch_to_tsquery('english'::regconfig, ${q})`;

/** A tab's rows; "Mine" is the calls assigned to the viewer. */
function tabWhere(tab: CallTab, viewerId: string): Prisma.Sql {
  switch (tab) {
    case 'needs_review':
      return Prisma.sql`(t.critical_fail OR t.sampled) AND (t.review_group IS NULL OR t.review_group = 'PENDING_REVIEW')`;
    case 'mine':
      return Prisma.sql`a.user_id = ${viewerId}::uuid`;
    case 'under_review':
      return Prisma.sql`t.review_group = 'UNDER_REVIEW'`;
    case 'archived':
      return Prisma.sql`t.review_group = 'ARCHIVED'`;
    case 'all':
      return Prisma.sql`TRUE`;
  }
}

/** The WHERE clause of the filters (without the cursor), for the viewer (the "Mine" tab). */
export function callsWhere(f: CallFilters, viewerId: string): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`t.deleted_at IS NULL`, tabWhere(f.tab, viewerId)];
  if (f.q) parts.push(Prisma.sql`${searchDocument} @@ ${searchQuery(f.q)}`);
  if (f.evaluator) parts.push(Prisma.sql`t.evaluator_id = ${f.evaluator}::uuid`);
  if (f.participant) parts.push(Prisma.sql`t.participant_id = ${f.participant}::uuid`);
  if (f.from) parts.push(Prisma.sql`t.recorded_at >= ${startOfDay(f.from)}`);
  if (f.to) parts.push(Prisma.sql`t.recorded_at <= ${lastMomentOfDay(f.to)}`);
  if (f.duration_min !== undefined) parts.push(Prisma.sql`t.duration >= ${f.duration_min}`);
  if (f.duration_max !== undefined) parts.push(Prisma.sql`t.duration <= ${f.duration_max}`);
  if (f.score_min !== undefined) parts.push(Prisma.sql`t.score >= ${f.score_min}`);
  if (f.score_max !== undefined) parts.push(Prisma.sql`t.score <= ${f.score_max}`);
  if (f.critical) parts.push(f.critical === 'yes' ? Prisma.sql`t.critical_fail` : Prisma.sql`NOT coalesce(t.critical_fail, false)`);
  if (f.assignee) parts.push(f.assignee === 'nobody' ? Prisma.sql`a.user_id IS NULL` : Prisma.sql`a.user_id = ${f.assignee}::uuid`);
  return Prisma.join(parts, ' AND ');
}

/** The first turn that matches the search, highlighted; only computed for the rows shown. */
function matchLine(q: string | undefined): Prisma.Sql {
  if (!q) return Prisma.sql`NULL::text`;
  const options = 'StartSel="[[[", StopSel="]]]", MaxFragments=1, MaxWords=25, MinWords=8';
  return Prisma.sql`(SELECT ts_headline('english'::regconfig, s.value->>'text', ${searchQuery(q)}, ${options})
     FROM jsonb_array_elements(coalesce(t.conversation->'segments', '[]'::jsonb)) AS s
     WHERE to_tsvector('english'::regconfig, coalesce(s.value->>'text', '')) @@ ${searchQuery(q)} LIMIT 1)`;
}

/** The SELECT of the calls: one page after a cursor, or (limit only) the whole filtered view for the CSV. */
export function callsSelect(f: CallFilters, viewerId: string, limit: number): Prisma.Sql {
  const after = f.after ? decodeCursor(f.after) : null;
  const cursor = after ? Prisma.sql`AND (t.recorded_at, t.id) < (${after.recordedAt}, ${after.id}::uuid)` : Prisma.empty;
  // A call the viewer still scores blind comes without the AI's verdicts (docs/console.md "Calibration").
  return Prisma.sql`
    SELECT t.id, t.name, t.recorded_at AS "recordedAt", t.participant_tag AS "participantTag", t.evaluator_tag AS "evaluatorTag",
           t.duration, CASE WHEN b.blind THEN NULL ELSE t.score END AS score,
           CASE WHEN b.blind THEN NULL ELSE t.critical_fail END AS "criticalFail", t.sampled AND NOT b.blind AS sampled,
           b.blind AS "inCalibration", t.review_group AS "group", u.name AS "assignee", ${matchLine(f.q)} AS "matchLine"
    FROM hub_transcriptions t
    CROSS JOIN LATERAL (SELECT ${stillBlindFor(viewerId)} AS blind) b
    LEFT JOIN hub_assignments a ON a.transcription_id = t.id LEFT JOIN hub_console_users u ON u.id = a.user_id
    WHERE ${callsWhere(f, viewerId)} ${cursor}
    ORDER BY t.recorded_at DESC, t.id DESC
    LIMIT ${limit}`;
}

/** One page of calls, newest first (keyset pagination), on the console's bare pg pool. */
export async function findCalls(pool: pg.Pool, filters: CallFilters, viewerId: string, pageSize = 50): Promise<CallsPage> {
  const query = callsSelect(filters, viewerId, pageSize + 1);
  const rows = (await pool.query<CallRow>({ text: query.text, values: query.values })).rows;
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > pageSize && last ? encodeCursor(last) : null };
}
