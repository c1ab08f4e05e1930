import { z } from 'zod';
import { Id } from '../../../contract/common.js';
import { dateString, parseDateTime, upperBoundOf } from '../../../contract/dates.js';
import { reviewGroups, transcriptionStatuses } from '../../../contract/transcriptions.js';
import type { Prisma } from '../../../generated/prisma/client.js';
import { AppError } from '../../../lib/errors/app-error.js';
import { changeGroup } from '../../mirror/change-group.js';
import { defineAdminRoute } from '../admin-route.js';
import {
  MirroredTranscription,
  MirroredTranscriptionDetail,
  toMirroredDetail,
  toMirroredTranscription,
} from '../mirrored-transcription-wire.js';
import { upstreamErrorCodes, viaUpstream } from '../../client/upstream-errors.js';

/** A day (`YYYY-MM-DD`, UTC, whole day) or an instant (ISO 8601), within the supported dates. */
const DateBound = dateString(parseDateTime, 'expected YYYY-MM-DD or an ISO 8601 datetime');
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
const instantOf = (v: string) => {
  const parsed = parseDateTime(v);
  if (!parsed.ok) throw new Error(`not a validated date: ${v}`);
  return parsed.value;
};
const startOf = (v: string) => instantOf(v);
const endOf = (v: string) => upperBoundOf(new Date(instantOf(v).getTime() + (isDay(v) ? 86_400_000 : 1)));

export const AdminTranscriptionListQuery = z.object({
  critical: z.stringbool({ error: 'expected true or false' }).optional(),
  group: z.enum([...reviewGroups, 'none']).optional(),
  evaluator_id: Id.optional(),
  participant_id: Id.optional(),
  status: z.enum(transcriptionStatuses).optional(),
  from: DateBound.optional(),
  to: DateBound.optional(),
  include_deleted: z.stringbool({ error: 'expected true or false' }).default(false),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});

/** Cursor: the last row's (recorded_at, id), newest first. Opaque to callers. */
const encodeCursor = (row: { recordedAt: Date; id: string }) =>
  Buffer.from(JSON.stringify([row.recordedAt.toISOString(), row.id])).toString('base64url');
function decodeCursor(cursor: string): { recordedAt: Date; id: string } {
  try {
    const [recordedAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const instant = parseDateTime(recordedAt);
    if (!instant.ok || !Id.safeParse(id).success) throw new Error('bad cursor');
    return { recordedAt: instant.value, id };
  } catch {
    throw new AppError('invalid_value', 'Invalid cursor: use next_cursor from a previous page');
  }
}

const GroupBody = z.object({
  group: z.custom<(typeof reviewGroups)[number] | ''>((v) => v === '' || (reviewGroups as readonly unknown[]).includes(v), {
    error: 'Invalid group value',
    params: { code: 'invalid_value', verbatim: true },
  }),
});

export const transcriptionRoutes = [
  defineAdminRoute({
    method: 'get',
    path: '/transcriptions',
    summary: 'Mirrored transcriptions, newest first, filtered, one page at a time',
    tag: 'transcriptions',
    query: AdminTranscriptionListQuery,
    response: z.object({ items: z.array(MirroredTranscription), next_cursor: z.string().nullable() }),
    async handle({ query }, ctx) {
      const until = query.to ? endOf(query.to) : null;
      const where: Prisma.HubTranscriptionWhereInput = {
        ...(query.include_deleted ? {} : { deletedAt: null }),
        ...(query.critical === undefined ? {} : { criticalFail: query.critical }),
        ...(query.group === undefined ? {} : { group: query.group === 'none' ? null : query.group }),
        ...(query.evaluator_id ? { evaluatorId: query.evaluator_id } : {}),
        ...(query.participant_id ? { participantId: query.participant_id } : {}),
        ...(query.status ? { status: query.status } : {}),
        ...(query.from || until
          ? { recordedAt: { ...(query.from ? { gte: startOf(query.from) } : {}), ...(until ? { lt: until } : {}) } }
          : {}),
      };
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      const rows = await ctx.db.hubTranscription.findMany({
        where: after
          ? { AND: [where, { OR: [{ recordedAt: { lt: after.recordedAt } }, { recordedAt: after.recordedAt, id: { lt: after.id } }] }] }
          : where,
        orderBy: [{ recordedAt: 'desc' }, { id: 'desc' }],
        take: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return { items: page.map(toMirroredTranscription), next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null };
    },
  }),
  defineAdminRoute({
    method: 'get',
    path: '/transcriptions/:id',
    errors: ['not_found'],
    summary: 'One mirrored transcription with its criterion results',
    tag: 'transcriptions',
    params: z.object({ id: Id }),
    response: MirroredTranscriptionDetail,
    async handle({ params }, ctx) {
      const row = await ctx.db.hubTranscription.findUnique({
        where: { id: params.id.toLowerCase() },
        include: { results: { orderBy: { position: 'asc' } } },
      });
      if (!row) throw new AppError('not_found', `No mirrored transcription ${params.id}`);
      return toMirroredDetail(row);
    },
  }),
  defineAdminRoute({
    method: 'post',
    path: '/transcriptions/:id/group',
    errors: upstreamErrorCodes,
    summary: "Change a transcription's review group upstream (through the client), then mirror the answer",
    tag: 'transcriptions',
    params: z.object({ id: Id }),
    body: GroupBody,
    response: MirroredTranscriptionDetail,
    async handle({ params, body }, ctx) {
      await viaUpstream(() => changeGroup(ctx, params.id, body.group));
      const row = await ctx.db.hubTranscription.findUniqueOrThrow({
        where: { id: params.id.toLowerCase() },
        include: { results: { orderBy: { position: 'asc' } } },
      });
      return toMirroredDetail(row);
    },
  }),
];
