/**
 * The retention purge's rate as the expired calls go: a year of calls (test/bench/year-of-calls-seed.ts,
 * BENCH_YEAR_CALLS, default 100,000) seeded once into a template database, then per run a fresh copy
 * of it purged in three equal slices of the oldest BENCH_PURGE_CALLS (default 30,000) calls, each
 * slice timed. Each run purges one copy with the real purge (src/service/retention/purge-expired-transcriptions.ts)
 * and another with the row-by-row baseline (webhook deliveries then transcriptions deleted, every
 * trigger doing its own work per row), alternately. Prints the medians of 3 runs, calls/s per slice,
 * the ratio to the baseline, and checks the analytics hour tables and status counts after each run.
 *
 *   npm run bench:purge     # BENCH_DATABASE_URL, default .../convoqa_bench_purge (the template, kept between runs)
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { applyMigrations } from '../../prisma/runner/migrate-deploy.js';
import { createDb, type Db } from '../../src/db.js';
import { createLogger } from '../../src/logger.js';
import type { ProcessingContext } from '../../src/service/processing/processing-context.js';
import { purgeExpiredTranscriptions } from '../../src/service/retention/purge-expired-transcriptions.js';
import { hourStatsDrift, statusCountsDrift } from '../support/aggregate-drift.js';
import { median } from './latency-percentiles.js';
import { seedYearOfCalls, stepSeconds, yearCalls } from './year-of-calls-seed.js';

const templateUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/convoqa_bench_purge';
const purgeCalls = Number(process.env.BENCH_PURGE_CALLS ?? 30_000);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const slices = 3;
const out = (line = '') => process.stdout.write(`${line}\n`);
const urlOf = (name: string) => Object.assign(new URL(templateUrl), { pathname: `/${name}` }).toString();
const templateName = new URL(templateUrl).pathname.slice(1);

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlOf('postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The purge before it was set-based: each deleted transcription's triggers do their own work. */
async function purgeRowByRow(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - 365 * 86_400_000);
  let deleted = 0;
  for (;;) {
    const batch = await db.transcription.findMany({ where: { submittedAt: { lt: cutoff } }, select: { id: true }, take: 500 });
    if (batch.length === 0) return deleted;
    const ids = batch.map((t) => t.id);
    await db.$transaction([
      db.webhookDelivery.deleteMany({ where: { transcriptionId: { in: ids } } }),
      db.transcription.deleteMany({ where: { id: { in: ids } } }),
    ]);
    deleted += batch.length;
  }
}

out(`purge rate — template ${templateUrl}, ${yearCalls} calls, the oldest ${purgeCalls} purged in ${slices} slices, ${runs} runs`);
await admin(async (client) => {
  if (!(await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [templateName])).rowCount)
    await client.query(`CREATE DATABASE "${templateName}"`);
});
await applyMigrations(templateUrl);
{
  const db = createDb(templateUrl, { maxConnections: 2 });
  const raw = new pg.Client({ connectionString: templateUrl });
  await raw.connect();
  const seeded = await seedYearOfCalls(db, raw, out);
  if (seeded.chunksWritten > 0) await raw.query('VACUUM (ANALYZE)');
  await raw.end();
  await db.$disconnect();
}
const anchor = await (async () => {
  const raw = new pg.Client({ connectionString: templateUrl });
  await raw.connect();
  const row = (await raw.query<{ created_at: Date }>("SELECT created_at FROM svc_accounts WHERE name = 'year-of-calls'")).rows[0];
  await raw.end();
  if (!row) throw new Error('no year-of-calls account');
  return row.created_at;
})();
// Call g (1 = newest) was submitted at anchor − g·step: "now" such that the oldest n calls have expired.
const nowExpiring = (n: number) => new Date(anchor.getTime() - (yearCalls - n + 0.5) * stepSeconds * 1000 + 365 * 86_400_000);

const modes = [
  { label: 'row by row (baseline)', purge: (db: Db, now: Date) => purgeRowByRow(db, now) },
  {
    label: 'set-based purge',
    purge: (db: Db, now: Date) =>
      purgeExpiredTranscriptions({
        db,
        logger: createLogger({ level: 'warn', toStderr: true }),
        storage: { delete: async () => {} },
        now: () => now,
      } as unknown as ProcessingContext),
  },
];
const rates = modes.map(() => Array.from({ length: slices }, () => [] as number[]));
const totals = modes.map(() => [] as number[]);
for (let run = 1; run <= runs; run += 1)
  for (const [m, mode] of modes.entries()) {
    const copy = `${templateName}_copy`;
    await admin(async (client) => {
      await client.query(`DROP DATABASE IF EXISTS "${copy}"`);
      await client.query(`CREATE DATABASE "${copy}" TEMPLATE "${templateName}"`);
    });
    const db = createDb(urlOf(copy), { maxConnections: 2 });
    let deleted = 0;
    let elapsed = 0;
    const line: string[] = [];
    for (let s = 1; s <= slices; s += 1) {
      const started = performance.now();
      const n = await mode.purge(db, nowExpiring(Math.round((purgeCalls * s) / slices)));
      const ms = performance.now() - started;
      deleted += n;
      elapsed += ms;
      rates[m]?.[s - 1]?.push(n / (ms / 1000));
      line.push(`${n} in ${(ms / 1000).toFixed(1)} s`);
    }
    totals[m]?.push(deleted / (elapsed / 1000));
    const drift = (await hourStatsDrift(db)) + (await statusCountsDrift(db));
    out(`  run ${run}, ${mode.label}: ${line.join(', ')}; ${drift === 0 ? 'aggregates exact' : `${drift} aggregate rows WRONG`}`);
    await db.$disconnect();
    if (drift !== 0) process.exitCode = 1;
  }
await admin((client) => client.query(`DROP DATABASE IF EXISTS "${templateName}_copy"`));
out(`\ncalls/s, medians of ${runs} runs (slices of ${Math.round(purgeCalls / slices)} calls, oldest first):`);
for (const [m, mode] of modes.entries())
  out(
    `  ${mode.label.padEnd(22)} ${(rates[m] ?? []).map((r) => String(Math.round(median(r))).padStart(6)).join(' ')}   overall ${Math.round(median(totals[m] ?? []))}`,
  );
out(`  ratio set-based / baseline, overall: ${(median(totals[1] ?? []) / median(totals[0] ?? [])).toFixed(2)}×`);
