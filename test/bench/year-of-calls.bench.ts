/**
 * A year of calls: one account holding 2,000,000 transcriptions over 13 months (a 1,000-agent
 * contact centre's year plus the month the retention purge removes), seeded in SQL by
 * test/bench/year-of-calls-seed.ts into its own database (created and migrated here; a rerun keeps
 * what is there and writes only what is missing). Starts the real `web` process (src/web.ts) and
 * prints, each next to the plain SELECT it rests on, measured alternately in this run:
 *  - list-transcriptions (the spec's request is an empty object: no cursor, no filter; the newest
 *    20,000 with the account's totals): p50/p95/p99 of the whole answer and the ratio of p50 to the
 *    plain SELECT of the same 20,000 rows (and to that SELECT plus the count by status);
 *  - analytics-evaluator over the whole range and over one month (start_date/end_date): p50/p95/p99
 *    and the ratio of p50 to the plain SELECT of the selected transcriptions;
 *  - the daily retention purge (the real one, in its own process, "now" at the seeding anchor: the
 *    13th month, about 152,000 calls, expires; BENCH_PURGE_DAYS=3: only its oldest 3 days) while two loops call get-transcription on unexpired
 *    calls: get-transcription p50/p99 before and during the purge, the purge's time and rows/s;
 *  - rows and bytes per call (table, TOAST and index sizes ÷ calls), the capacity model's input.
 * Goals: list and analytics p50 ≤ 2× their plain SELECT; get-transcription p99 ≤ 30 ms during the purge.
 *
 *   npm run bench:year              # BENCH_DATABASE_URL, default .../convoqa_bench_year (kept between runs)
 *   BENCH_YEAR_CALLS=100000 BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/convoqa_bench_year_small npm run bench:year
 */
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import pg from 'pg';
import { applyMigrations } from '../../prisma/runner/migrate-deploy.js';
import { createDb } from '../../src/db.js';
import { createApiKey } from '../../src/service/accounts/api-keys.js';
import { startEntry, startWebProcess } from '../support/processes.js';
import { median, p50p95p99 } from './latency-percentiles.js';
import { seedYearOfCalls, stepSeconds, yearCalls } from './year-of-calls-seed.js';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/convoqa_bench_year';
const requests = Number(process.env.BENCH_REQUESTS ?? 30);
const out = (line = '') => process.stdout.write(`${line}\n`);
const ms = (value: number) => `${value.toFixed(1)} ms`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function ensureDatabase() {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString() });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount;
  if (!exists) await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  await applyMigrations(databaseUrl);
}

out(`year of calls — ${databaseUrl}, load average ${load()}`);
await ensureDatabase();
const db = createDb(databaseUrl, { maxConnections: 2 });
// JIT off as on the service's own sessions (src/db.ts), so the baseline SELECTs are not slowed by it.
const raw = new pg.Client({ connectionString: databaseUrl, options: '-c jit=off' });
await raw.connect();
const seeded = await seedYearOfCalls(db, raw, out);
if (seeded.chunksWritten > 0) {
  const vacuumStart = performance.now();
  await raw.query(
    'VACUUM (ANALYZE) svc_transcriptions, svc_criterion_results, svc_criterion_day_stats, svc_criterion_hour_stats, svc_evaluator_hour_stats, svc_webhook_deliveries, svc_webhook_attempts',
  );
  out(
    `seeded ${seeded.chunksWritten} chunks in ${(seeded.seedMs / 1000).toFixed(0)} s, then VACUUM ANALYZE in ${((performance.now() - vacuumStart) / 1000).toFixed(0)} s`,
  );
} else out(`already seeded (checked in ${(seeded.seedMs / 1000).toFixed(1)} s)`);
const { accountId, anchor, evaluatorIds } = seeded;
const evaluatorId = evaluatorIds[0];

// ── rows and bytes per call ──
const sizes = await raw.query<{ relation: string; rows: string; heap: string; toast: string; indexes: string }>(
  `SELECT c.relname AS relation, (SELECT reltuples::bigint FROM pg_class WHERE oid = c.oid)::text AS rows,
          pg_relation_size(c.oid) AS heap, coalesce(pg_total_relation_size(c.reltoastrelid), 0) AS toast, pg_indexes_size(c.oid) AS indexes
   FROM pg_class c WHERE c.relname IN ('svc_transcriptions', 'svc_criterion_results', 'svc_criterion_day_stats', 'svc_criterion_hour_stats', 'svc_evaluator_hour_stats', 'svc_webhook_deliveries', 'svc_webhook_attempts') ORDER BY 1`,
);
const calls = Number(
  (await raw.query<{ n: string }>('SELECT count(*) AS n FROM svc_transcriptions WHERE account_id = $1', [accountId])).rows[0]?.n,
);
out(`\n${calls} calls in the account; per call (table + TOAST + indexes, ÷ calls):`);
let totalBytes = 0;
for (const s of sizes.rows) {
  const bytes = Number(s.heap) + Number(s.toast) + Number(s.indexes);
  totalBytes += bytes;
  out(
    `  ${s.relation.padEnd(24)} ${(Number(s.rows) / calls).toFixed(2).padStart(6)} rows  ${String(Math.round(bytes / calls)).padStart(6)} bytes  (heap ${(Number(s.heap) / 1e9).toFixed(2)} GB, TOAST ${(Number(s.toast) / 1e9).toFixed(2)} GB, indexes ${(Number(s.indexes) / 1e9).toFixed(2)} GB)`,
  );
}
out(`  total ${Math.round(totalBytes / calls)} bytes per call, ${(totalBytes / 1e9).toFixed(1)} GB`);

// ── the web process ──
// A rerun in the same month starts with the account's monthly quotas unspent: their ledger row and
// their Redis meter (meter-monthly-quota.ts).
await raw.query('DELETE FROM svc_analytics_quota_usage WHERE account_id = $1', [accountId]);
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const meters = await redis.keys(`*quota:{${accountId}}:*`);
if (meters.length > 0) await redis.del(...meters);
redis.disconnect();
const web = await startWebProcess({ DATABASE_URL: databaseUrl, RATE_LIMIT_SCALE: '100000', LOG_LEVEL: 'warn' });
const { key } = await createApiKey(db, accountId, 'bench-year');

async function call(operation: string, body: unknown): Promise<{ elapsed: number; bytes: number; text: string }> {
  const started = performance.now();
  const res = await fetch(`${web.baseUrl}/api/${operation}`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const elapsed = performance.now() - started;
  if (res.status !== 200) throw new Error(`${operation} answered ${res.status}: ${text.slice(0, 300)}`);
  return { elapsed, bytes: text.length, text };
}

async function timeQuery(sql: string, values: unknown[]): Promise<number> {
  const started = performance.now();
  await raw.query(sql, values);
  return performance.now() - started;
}

/** Requests, each followed by its baselines; prints percentiles and the ratio of the p50s. */
async function measure(label: string, operation: string, body: unknown, baselines: { label: string; run: () => Promise<number> }[]) {
  for (let i = 0; i < 3; i += 1) await call(operation, body); // warm-up
  const timings: number[] = [];
  const baselineTimings = baselines.map(() => [] as number[]);
  let bytes = 0;
  for (let i = 0; i < requests; i += 1) {
    const answer = await call(operation, body);
    timings.push(answer.elapsed);
    bytes = answer.bytes;
    for (const [b, baseline] of baselines.entries()) baselineTimings[b]?.push(await baseline.run());
  }
  out(`${label} (${(bytes / 1e6).toFixed(1)} MB answer, ${requests} requests): ${p50p95p99(timings)}`);
  for (const [b, baseline] of baselines.entries()) {
    const base = median(baselineTimings[b] ?? []);
    out(`  ${baseline.label}: p50 ${ms(base)}   ratio ${(median(timings) / base).toFixed(2)}`);
  }
}

out(`\nload average ${load()} before the reads`);
const listSelect = `
  SELECT t.id, t.status, t.configuration_id, t.configuration_tag, t.duration, t.review_group, t.name, t.created_at, t.score,
         t.critical_fail, t.evaluation_status, t.participant_id, t.evaluator_id
  FROM svc_transcriptions t WHERE t.account_id = $1 ORDER BY t.created_at DESC, t.id DESC LIMIT 20000`;
const statusCount = 'SELECT status, count(*) FROM svc_transcriptions WHERE account_id = $1 GROUP BY status';
await measure('list-transcriptions', 'list-transcriptions', {}, [
  { label: 'plain SELECT of the same 20,000 rows', run: () => timeQuery(listSelect, [accountId]) },
  {
    label: 'that SELECT and the count by status',
    run: async () => (await timeQuery(listSelect, [accountId])) + (await timeQuery(statusCount, [accountId])),
  },
]);

const analyticsSelect = (range: string) => `
  SELECT t.id, t.created_at, t.score, t.critical_fail, t.duration, t.review_group, t.participant_id, t.evaluator_id
  FROM svc_transcriptions t
  WHERE t.account_id = $1 AND t.evaluator_id = $2 AND t.status = 'COMPLETED' AND t.score IS NOT NULL ${range}
  ORDER BY t.created_at DESC, t.id DESC LIMIT 20000`;
await measure('analytics-evaluator, whole range', 'analytics-evaluator', { evaluator_id: evaluatorId }, [
  { label: 'plain SELECT of the selected transcriptions', run: () => timeQuery(analyticsSelect(''), [accountId, evaluatorId]) },
]);
const monthStart = new Date(anchor.getTime() - 180 * 86_400_000).toISOString().slice(0, 8);
const month = { start_date: `${monthStart}01`, end_date: `${monthStart}28` };
await measure(
  `analytics-evaluator, ${month.start_date} to ${month.end_date}`,
  'analytics-evaluator',
  { evaluator_id: evaluatorId, ...month },
  [
    {
      label: 'plain SELECT of the selected transcriptions',
      run: () =>
        timeQuery(analyticsSelect('AND t.created_at >= $3::date AND t.created_at < $4::date + 1'), [
          accountId,
          evaluatorId,
          month.start_date,
          month.end_date,
        ]),
    },
  ],
);

// ── the retention purge while get-transcription is called ──
const unexpired = Math.floor((365 * 86_400) / stepSeconds) - 1000;
const idOf = (g: number) =>
  createHash('md5')
    .update(`year-of-calls-${g}`)
    .digest('hex')
    .replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
/** Two loops of get-transcription on random unexpired calls until `until` resolves. */
async function getLoops(until: Promise<unknown>): Promise<number[]> {
  const timings: number[] = [];
  let done = false;
  void until.finally(() => (done = true));
  const loop = async () => {
    while (!done)
      timings.push((await call('get-transcription', { transcription_id: idOf(21 + Math.floor(Math.random() * unexpired)) })).elapsed);
  };
  await Promise.all([loop(), loop()]);
  return timings;
}
// BENCH_PURGE_DAYS: how many of the oldest days expire (the purge's "now" moved back by the rest of the 30).
const purgeDays = Number(process.env.BENCH_PURGE_DAYS ?? 30);
const purgeNow = new Date(anchor.getTime() - (30 - purgeDays) * 86_400_000);
const expired = Number(
  (
    await raw.query<{ n: string }>('SELECT count(*) AS n FROM svc_transcriptions WHERE submitted_at < $1', [
      new Date(purgeNow.getTime() - 365 * 86_400_000),
    ])
  ).rows[0]?.n,
);
await getLoops(new Promise((r) => setTimeout(r, 2000))); // warm-up
const before = await getLoops(new Promise((r) => setTimeout(r, 15_000)));
out(`\nget-transcription, 2 loops, 15 s before the purge (${before.length} requests): ${p50p95p99(before)}`);
const purge = startEntry('test/bench/year-of-calls-purge.ts', { DATABASE_URL: databaseUrl, PURGE_NOW: purgeNow.toISOString() });
const purged = new Promise<void>((resolve) => purge.child.once('exit', () => resolve()));
const during = await getLoops(purged);
const result = JSON.parse(purge.output().trim().split('\n').at(-1) ?? '{}') as { deleted?: number; ms?: number };
if (typeof result.deleted !== 'number' || typeof result.ms !== 'number') throw new Error(`purge failed:\n${purge.output()}`);
out(`get-transcription, 2 loops, during the purge (${during.length} requests): ${p50p95p99(during)}   (goal p99 ≤ 30 ms)`);
out(
  `retention purge: ${result.deleted} of ${expired} expired calls deleted in ${(result.ms / 1000).toFixed(1)} s, ${Math.round(result.deleted / (result.ms / 1000))} calls/s (${Math.round((result.deleted * 10) / (result.ms / 1000))} criterion results/s)`,
);
out(`load average ${load()} at the end; ${yearCalls} calls seeded per run (the purged month is written again by the next run)`);

await web.stop();
await raw.end();
await db.$disconnect();
