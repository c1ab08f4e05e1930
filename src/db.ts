import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/prisma/client.js';

export type Db = PrismaClient;

const pools = new WeakMap<Db, pg.Pool>();

/**
 * One Prisma client per process, through the pg driver adapter (no native engine needed). The
 * adapter runs on a pg pool made here, so hot single-row reads can use it bare (poolOf) without
 * opening more connections; `$disconnect()` ends it.
 * Its sessions run with PostgreSQL's JIT compilation off: at a year of calls the planner's row
 * estimates for the evaluator dashboard's day-table query crossed the JIT thresholds, and compiling
 * it took 370 ms of a 540 ms run, at every request (docs/scaling.md, "Figures").
 */
export function createDb(databaseUrl: string, options: { maxConnections?: number } = {}): Db {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.maxConnections ?? 10, options: '-c jit=off' });
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  pools.set(db, pool);
  return db;
}

/**
 * The pg pool under a client made by createDb: for a hot read as a named (prepared) statement,
 * without Prisma building and decoding the query each time. Plain rows: timestamptz as Date,
 * json as parsed values, arrays as arrays, as Prisma returns them.
 */
export function poolOf(db: Db): pg.Pool | undefined {
  return pools.get(db);
}
