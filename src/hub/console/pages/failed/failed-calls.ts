import { z } from 'zod';
import type { Db } from '../../../../db.js';
import { AppError } from '../../../../lib/errors/app-error.js';

const empty = (v: unknown) => (v === '' ? undefined : v);

/** The Failed calls page's URL query: a keyset cursor for "Older". */
export const FailedCallsQuery = z.object({ before: z.preprocess(empty, z.string().max(200).optional()) });

export interface FailedCall {
  id: string;
  name: string | null;
  configurationTag: string | null;
  participantTag: string | null;
  recordedAt: Date;
  errorCode: string | null;
  errorMessage: string | null;
  mirroredAt: Date;
}

const pageSize = 50;
const encode = (row: { recordedAt: Date; id: string }) => Buffer.from(`${row.recordedAt.toISOString()}|${row.id}`).toString('base64url');

/**
 * Transcriptions the upstream could not process (mirrored FAILED, not deleted upstream), newest
 * first, 50 at a time. They carry whatever reason the upstream gave, which may be none.
 */
export async function listFailedCalls(
  db: Db,
  before: string | undefined,
): Promise<{ calls: FailedCall[]; older: string | null; total: number }> {
  let after: { recordedAt: Date; id: string } | undefined;
  if (before) {
    const [at, id] = Buffer.from(before, 'base64url').toString('utf8').split('|');
    if (!at || Number.isNaN(Date.parse(at)) || !z.guid().safeParse(id).success)
      throw new AppError('invalid_value', 'Invalid page cursor: start again from the first page');
    after = { recordedAt: new Date(at), id: id };
  }
  const where = { status: 'FAILED', deletedAt: null };
  const [rows, total] = await Promise.all([
    db.hubTranscription.findMany({
      where: after
        ? { ...where, OR: [{ recordedAt: { lt: after.recordedAt } }, { recordedAt: after.recordedAt, id: { lt: after.id } }] }
        : where,
      orderBy: [{ recordedAt: 'desc' }, { id: 'desc' }],
      take: pageSize + 1,
      select: {
        id: true,
        name: true,
        configurationTag: true,
        participantTag: true,
        recordedAt: true,
        errorCode: true,
        errorMessage: true,
        mirroredAt: true,
      },
    }),
    db.hubTranscription.count({ where }),
  ]);
  const calls = rows.slice(0, pageSize);
  const last = calls.at(-1);
  return { calls, older: rows.length > pageSize && last ? encode(last) : null, total };
}
