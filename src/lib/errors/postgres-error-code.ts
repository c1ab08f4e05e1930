/**
 * The SQLSTATE of a PostgreSQL error, however it arrived: a pg `DatabaseError` (a bare pool
 * query) carries it as `code`; Prisma's driver adapter wraps it in a known request error whose
 * own code is Prisma's (`P2010`) and keeps PostgreSQL's in `meta.driverAdapterError.cause.originalCode`.
 */
import { causeChain } from './cause-chain.js';

interface MaybePostgresError {
  code?: unknown;
  severity?: unknown;
  meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } };
}

/** The SQLSTATE (`22021`, `23505`, …) of the error or one of its causes, or null when none is PostgreSQL's. */
export function postgresErrorCode(error: unknown): string | null {
  for (const link of causeChain(error)) {
    if (link === null || typeof link !== 'object') continue;
    const candidate = link as MaybePostgresError;
    const fromAdapter = candidate.meta?.driverAdapterError?.cause?.originalCode;
    if (typeof fromAdapter === 'string') return fromAdapter;
    // pg's DatabaseError: a severity and a five-character SQLSTATE.
    if (typeof candidate.severity === 'string' && typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code))
      return candidate.code;
  }
  return null;
}
