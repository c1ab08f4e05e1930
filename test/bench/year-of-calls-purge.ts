/**
 * The daily retention purge as the worker runs it (src/service/retention/purge-expired-transcriptions.ts),
 * in its own process with "now" set by the bench (PURGE_NOW), so that its database client and
 * CPU are not those of the process timing the API. Prints one JSON line: { deleted, ms }.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDb } from '../../src/db.js';
import { createLogger } from '../../src/logger.js';
import type { ProcessingContext } from '../../src/service/processing/processing-context.js';
import { purgeExpiredTranscriptions } from '../../src/service/retention/purge-expired-transcriptions.js';
import { FolderRecordingStorage } from '../../src/service/storage/folder-storage.js';

const databaseUrl = process.env.DATABASE_URL as string;
const now = new Date(process.env.PURGE_NOW as string);
const dataDir = await mkdtemp(path.join(tmpdir(), 'year-of-calls-purge-'));
const db = createDb(databaseUrl, { maxConnections: 2 });
// The purge uses the database, the recording storage, the logger and the clock only.
const ctx = {
  db,
  logger: createLogger({ level: 'warn', toStderr: true }),
  storage: new FolderRecordingStorage(dataDir),
  now: () => now,
} as unknown as ProcessingContext;
const started = performance.now();
const deleted = await purgeExpiredTranscriptions(ctx);
process.stdout.write(`${JSON.stringify({ deleted, ms: performance.now() - started })}\n`);
await db.$disconnect();
await rm(dataDir, { recursive: true, force: true });
