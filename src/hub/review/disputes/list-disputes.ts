/**
 * The disputes page and the admin API's list, a page at a time (keyset on (created_at, id)): open
 * disputes oldest first, so the ones nearest their deadline lead; any other status, or all of
 * them, newest first. Filtered by status, criterion name,
 * evaluator, and age (open longer than N days); an agent sees only the disputes on their calls,
 * and not which lead resolved them (docs/console.md, "Disputes", "Roles").
 */
import { z } from 'zod';
import type { Db } from '../../../db.js';
import { Prisma } from '../../../generated/prisma/client.js';
import { KeysetCursor, pageOf } from '../../../lib/paging/keyset-cursor.js';
import { formatVerdict } from '../effective-scoring.js';
import { participantScope, type Viewer } from '../agent-scope.js';
import { disputeStatuses } from './dispute-text.js';

const empty = (v: unknown) => (v === '' ? undefined : v);

export const DisputeFilters = z.object({
  status: z.preprocess(empty, z.enum(disputeStatuses, { error: `status must be one of ${disputeStatuses.join(', ')}` }).optional()),
  criterion: z.preprocess(empty, z.string().trim().max(200).optional()),
  evaluator: z.preprocess(empty, z.guid({ error: 'evaluator must be an evaluator id' }).optional()),
  older_than_days: z.preprocess(
    empty,
    z.coerce.number({ error: 'older_than_days must be a whole number' }).int().min(0).max(3650).optional(),
  ),
  limit: z.preprocess(empty, z.coerce.number().int().min(1).max(500).default(100)),
  /** The next page: the previous page's last dispute (its "Next" link, or next_cursor). */
  after: z.preprocess(empty, KeysetCursor.optional()),
});
export type DisputeFilters = z.infer<typeof DisputeFilters>;

export interface DisputeRow {
  id: string;
  transcriptionId: string;
  callName: string | null;
  participant: string | null;
  criterionId: string;
  criterion: string;
  /** The criterion is no longer in the call's mirrored evaluation (re-evaluated without it): only Rejected can settle it. */
  criterionGone: boolean;
  proposed: string;
  reason: string;
  status: string;
  resolved: string | null;
  resolutionNote: string | null;
  resolvedBy: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
  /** Whole days since it was opened (until resolved). */
  ageDays: number;
}

interface Raw {
  id: string;
  transcription_id: string;
  call_name: string | null;
  participant: string | null;
  criterion_id: string;
  criterion: string | null;
  type: string | null;
  proposed_value: number;
  reason: string;
  status: string;
  resolved_value: number | null;
  resolution_note: string | null;
  resolved_by: string | null;
  created_at: Date;
  resolved_at: Date | null;
}

export interface DisputePage {
  rows: DisputeRow[];
  /** The cursor of the next page (`after`), or null on the last. */
  nextCursor: string | null;
}

/** Open disputes are worked oldest first (their age is what matters); every other list reads newest first. */
export const oldestFirst = (filters: Pick<DisputeFilters, 'status'>): boolean => filters.status === 'open';

export async function listDisputes(db: Db, filters: DisputeFilters, now: Date, viewer?: Viewer): Promise<DisputePage> {
  const scope = participantScope(viewer);
  const conditions = [Prisma.sql`TRUE`];
  if (filters.status) conditions.push(Prisma.sql`d.status = ${filters.status}`);
  if (filters.criterion) conditions.push(Prisma.sql`c.name ILIKE ${`%${filters.criterion.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`);
  if (filters.evaluator) conditions.push(Prisma.sql`t.evaluator_id = ${filters.evaluator}::uuid`);
  if (filters.older_than_days !== undefined)
    conditions.push(Prisma.sql`d.created_at <= ${new Date(now.getTime() - filters.older_than_days * 86_400_000)}`);
  if (scope) conditions.push(Prisma.sql`t.participant_id = ${scope}::uuid`);
  const ascending = oldestFirst(filters);
  if (filters.after)
    conditions.push(
      ascending
        ? Prisma.sql`(d.created_at, d.id) > (${filters.after.at}, ${filters.after.id}::uuid)`
        : Prisma.sql`(d.created_at, d.id) < (${filters.after.at}, ${filters.after.id}::uuid)`,
    );
  const order = ascending ? Prisma.sql`d.created_at ASC, d.id ASC` : Prisma.sql`d.created_at DESC, d.id DESC`;
  const rows = await db.$queryRaw<Raw[]>`
    SELECT d.id::text, d.transcription_id::text, t.name AS call_name, t.participant_tag AS participant, d.criterion_id::text,
           c.name AS criterion, c.type, d.proposed_value, d.reason, d.status, d.resolved_value, d.resolution_note, d.resolved_by,
           d.created_at, d.resolved_at
      FROM hub_disputes d
      JOIN hub_transcriptions t ON t.id = d.transcription_id
      LEFT JOIN hub_criterion_results c ON c.transcription_id = d.transcription_id AND c.criterion_id = d.criterion_id
     WHERE ${Prisma.join(conditions, ' AND ')}
     ORDER BY ${order}
     LIMIT ${filters.limit + 1}`;
  const page = pageOf(rows, filters.limit, (r) => ({ at: r.created_at, id: r.id }));
  return { rows: page.items.map((r) => toRow(r, now, scope)), nextCursor: page.nextCursor };
}

function toRow(r: Raw, now: Date, scope: string | undefined): DisputeRow {
  const type = r.type ?? 'boolean';
  return {
    id: r.id,
    transcriptionId: r.transcription_id,
    callName: r.call_name,
    participant: r.participant,
    criterionId: r.criterion_id,
    criterion: r.criterion ?? r.criterion_id,
    criterionGone: r.criterion === null,
    proposed: formatVerdict(type, r.proposed_value),
    reason: r.reason,
    status: r.status,
    resolved: r.resolved_value === null ? null : formatVerdict(type, r.resolved_value),
    resolutionNote: r.resolution_note,
    // An agent never learns which lead did what (docs/console.md "Roles").
    resolvedBy: scope ? null : r.resolved_by,
    createdAt: r.created_at,
    resolvedAt: r.resolved_at,
    ageDays: Math.floor(((r.resolved_at ?? now).getTime() - r.created_at.getTime()) / 86_400_000),
  };
}

export interface DisputeFigure {
  criterion: string;
  total: number;
  open: number;
  accepted: number;
  partlyAccepted: number;
  rejected: number;
}

/** Disputes per criterion and their outcomes, over calls recorded in a range: where verdicts are contested most. */
export async function loadDisputeFigures(db: Db, range: { start: Date; end: Date; evaluator?: string }): Promise<DisputeFigure[]> {
  const rows = await db.$queryRaw<Record<string, unknown>[]>`
    SELECT coalesce(max(c.name), d.criterion_id::text) AS criterion, count(*) AS total,
           count(*) FILTER (WHERE d.status = 'open') AS open, count(*) FILTER (WHERE d.status = 'accepted') AS accepted,
           count(*) FILTER (WHERE d.status = 'partly_accepted') AS partly, count(*) FILTER (WHERE d.status = 'rejected') AS rejected
      FROM hub_disputes d
      JOIN hub_transcriptions t ON t.id = d.transcription_id
      LEFT JOIN hub_criterion_results c ON c.transcription_id = d.transcription_id AND c.criterion_id = d.criterion_id
     WHERE t.recorded_at >= ${range.start} AND t.recorded_at <= ${range.end}
       ${range.evaluator ? Prisma.sql`AND t.evaluator_id = ${range.evaluator}::uuid` : Prisma.empty}
     GROUP BY d.criterion_id ORDER BY count(*) DESC LIMIT 50`;
  return rows.map((r) => ({
    criterion: String(r.criterion),
    total: Number(r.total),
    open: Number(r.open),
    accepted: Number(r.accepted),
    partlyAccepted: Number(r.partly),
    rejected: Number(r.rejected),
  }));
}
