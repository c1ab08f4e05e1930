/**
 * The evaluator dashboard at the read cap: 20,000 COMPLETED transcriptions with 10 criteria each
 * (200,000 result rows), next to another account of the same size. Starts the real `web` process
 * (src/web.ts, as deployed) on that database and prints p50 and p95 latency of
 * POST /api/analytics-evaluator over 20 requests from this process (body fully received), and the ratio
 * of p50 to PostgreSQL reading the same rows once with a plain SELECT, measured in this run:
 *  - headline: the 20,000 transcriptions (raw_data's columns) fetched into Node on a bare pg
 *    connection (the strictest baseline: the dashboard also reads 200,000 criterion results);
 *  - also: those transcriptions joined to their results, as PostgreSQL's own execution time
 *    (EXPLAIN ANALYZE, TIMING OFF: the rows read, not shipped to and decoded by a client), and
 *    fetched into Node.
 * The machine's load average is printed too: other processes sharing the 2 cores move the numbers.
 *
 *   npm run bench:analytics                # BENCH_DATABASE_URL, default .../convoqa_bench_analytics (recreated)
 *   npm run bench:analytics -- --explain   # also prints EXPLAIN ANALYZE of the dashboard's queries
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createDb } from '../../src/db.js';
import { createAccount } from '../../src/service/accounts/create-account.js';
import { createApiKey } from '../../src/service/accounts/api-keys.js';
import type { CriterionSpec } from '../support/analytics-seed.js';
import { seedBulkScoredTranscriptions, seedEvaluator, seedParticipant } from '../support/analytics-seed.js';
import { startWebProcess } from '../support/processes.js';
import { recreateBenchDatabase } from './recreate-bench-database.js';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/convoqa_bench_analytics';
const requests = 20;
const transcriptions = 20_000;
const showExplain = process.argv.includes('--explain');

const out = (line: string) => process.stdout.write(`${line}\n`);
const ms = (value: number) => `${value.toFixed(1)} ms`;
const nearestRank = (sorted: number[], p: number) => sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1];
const median = (values: number[]) =>
  nearestRank(
    [...values].sort((a, b) => a - b),
    50,
  );

const criteria: CriterionSpec[] = [
  { name: 'Greeting', type: 'boolean', weight: 10 },
  { name: 'Identification', type: 'boolean', weight: 10 },
  { name: 'Needs discovery', type: 'scale', weight: 20 },
  { name: 'Product knowledge', type: 'scale', weight: 20 },
  { name: 'Empathy', type: 'scale', weight: 10 },
  { name: 'Resolution', type: 'scale', weight: 20 },
  { name: 'Hold etiquette', type: 'boolean', weight: 5 },
  { name: 'Closing', type: 'boolean', weight: 5 },
  { name: 'No promises', type: 'strict', weight: 0 },
  { name: 'Data protection', type: 'strict', weight: 0 },
];

const db = createDb(databaseUrl, { maxConnections: 10 });

async function seedAccount(name: string) {
  const account = await createAccount(db, name);
  const evaluator = await seedEvaluator(db, account.id, 'Support QA', criteria);
  const participantIds: string[] = [];
  for (let i = 0; i < 50; i += 1) participantIds.push((await seedParticipant(db, account.id, `agent-${i}`)).id);
  // 20,000 calls 30 minutes apart: about 14 months up to the bench's "now".
  await seedBulkScoredTranscriptions(db, {
    accountId: account.id,
    evaluator,
    participantIds,
    count: transcriptions,
    newest: new Date(),
    stepMinutes: 30,
    withResults: true,
  });
  return { account, evaluator };
}

out(`seeding ${databaseUrl} …`);
const seedStart = performance.now();
await recreateBenchDatabase(databaseUrl);
const { account, evaluator } = await seedAccount('bench');
await seedAccount('bench-neighbour');
const raw = new pg.Client({ connectionString: databaseUrl });
await raw.connect();
await raw.query('VACUUM ANALYZE');
const counts = await raw.query<{ t: string; r: string }>(
  'SELECT (SELECT count(*) FROM svc_transcriptions) AS t, (SELECT count(*) FROM svc_criterion_results) AS r',
);
out(
  `seeded in ${ms(performance.now() - seedStart)}: ${counts.rows[0]?.t} transcriptions, ${counts.rows[0]?.r} criterion results (two accounts)`,
);

// The real web process; rate limits scaled so that 23 requests in a row are not throttled.
// BENCH_CPU_PROF_DIR=/tmp/prof: the web process runs with node --cpu-prof (test/bench/summarize-cpu-profile.ts reads it).
const profileDir = process.env.BENCH_CPU_PROF_DIR;
const web = await startWebProcess(
  { DATABASE_URL: databaseUrl, RATE_LIMIT_SCALE: '100' },
  profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
);
const { key } = await createApiKey(db, account.id, 'bench');

async function timeDashboard(): Promise<{ elapsed: number; bytes: number; records: number }> {
  const started = performance.now();
  const res = await fetch(`${web.baseUrl}/api/analytics-evaluator`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ evaluator_id: evaluator.id }),
  });
  const body = await res.text();
  const elapsed = performance.now() - started;
  if (res.status !== 200) throw new Error(`analytics-evaluator answered ${res.status}: ${body.slice(0, 200)}`);
  const records = (JSON.parse(body) as { data: { metadata: { total_records_analyzed: number } } }).data.metadata.total_records_analyzed;
  return { elapsed, bytes: body.length, records };
}

/** The baseline: the same rows, read once by a plain SELECT on a bare pg connection. */
const plainSelect = `
  SELECT t.id, t.created_at, t.score, t.critical_fail, t.duration, t.review_group, t.participant_id, t.evaluator_id
  FROM svc_transcriptions t
  WHERE t.account_id = $1 AND t.evaluator_id = $2 AND t.status = 'COMPLETED' AND t.score IS NOT NULL
  ORDER BY t.created_at DESC, t.id DESC LIMIT 20000`;
const plainSelectWithResults = `
  SELECT s.*, r.criterion_id, r.status, r.score_raw_ai, r.name
  FROM (${plainSelect}) s JOIN svc_criterion_results r ON r.transcription_id = s.id`;

async function timeQuery(sql: string): Promise<{ elapsed: number; rows: number }> {
  const started = performance.now();
  const result = await raw.query(sql, [account.id, evaluator.id]);
  return { elapsed: performance.now() - started, rows: result.rowCount ?? 0 };
}

/** PostgreSQL's execution time of a statement: every row read and produced, none sent. */
async function serverTimeOf(sql: string): Promise<number> {
  const result = await raw.query<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(`EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${sql}`, [
    account.id,
    evaluator.id,
  ]);
  return result.rows[0]?.['QUERY PLAN'][0]['Execution Time'] ?? Number.NaN;
}

for (let i = 0; i < 3; i += 1) await timeDashboard(); // warm-up: connections, caches, JIT
await timeQuery(plainSelect);
// Each dashboard request is followed by the baselines, so that both see the same machine load.
const timings: number[] = [];
const baselineRuns: number[] = [];
const withResultsServerRuns: number[] = [];
const withResultsFetchRuns: number[] = [];
let last = { bytes: 0, records: 0 };
let baselineRows = 0;
let withResultsRows = 0;
for (let i = 0; i < requests; i += 1) {
  const { elapsed, ...rest } = await timeDashboard();
  timings.push(elapsed);
  last = rest;
  const plain = await timeQuery(plainSelect);
  baselineRuns.push(plain.elapsed);
  baselineRows = plain.rows;
  withResultsServerRuns.push(await serverTimeOf(plainSelectWithResults));
  if (i % 5 === 0) {
    const fetched = await timeQuery(plainSelectWithResults); // slow: decodes 200,000 rows
    withResultsFetchRuns.push(fetched.elapsed);
    withResultsRows = fetched.rows;
  }
}

const sorted = [...timings].sort((a, b) => a - b);
const p50 = nearestRank(sorted, 50);
const p95 = nearestRank(sorted, 95);
const baseline = median(baselineRuns);
const withResultsServer = median(withResultsServerRuns);
const withResultsFetch = median(withResultsFetchRuns);
const ratio = (base: number) => (p50 / base).toFixed(2);
out('');
out(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on this machine while measuring`,
);
out(
  `analytics-evaluator, ${last.records} transcriptions × ${criteria.length} criteria, ${(last.bytes / 1e6).toFixed(1)} MB answer, ${requests} requests`,
);
out(`  p50 ${ms(p50)}   p95 ${ms(p95)}   (min ${ms(sorted[0])}, max ${ms(sorted.at(-1) as number)})`);
out(`plain SELECT of the same rows, medians of runs interleaved with the requests:`);
out(`  ${baselineRows} transcriptions fetched into Node: ${ms(baseline)}   ratio p50 / it: ${ratio(baseline)}`);
out(
  `  joined to their ${withResultsRows} criterion results, PostgreSQL execution: ${ms(withResultsServer)}   ratio: ${ratio(withResultsServer)}`,
);
out(
  `  joined to their ${withResultsRows} criterion results, fetched into Node: ${ms(withResultsFetch)}   ratio: ${ratio(withResultsFetch)}`,
);

if (showExplain) {
  const { scoredTranscriptionsWhere, newestFirst } = await import('../../src/service/analytics/analytics-scope.js');
  const scope = { kind: 'evaluator', accountId: account.id, evaluatorId: evaluator.id } as const;
  const where = scoredTranscriptionsWhere(scope, { from: null, until: null });
  const explain = async (label: string, sql: string, values: unknown[]) => {
    const plan = await raw.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, values);
    out(`\n── ${label}`);
    for (const row of plan.rows) out(row['QUERY PLAN']);
  };
  // Prisma.Sql exposes its text with $n placeholders and its values; the statements mirror
  // select-scored-transcriptions.ts and aggregate-criterion-results.ts.
  await explain(
    'selection with failed criteria',
    `SELECT t.id, to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS'), t.score,
            array_to_json(ARRAY(SELECT r.name FROM svc_criterion_results r
                                WHERE r.transcription_id = t.id AND r.status = 'FAIL' ORDER BY r.position))::text
     FROM svc_transcriptions t WHERE ${where.text} ${newestFirst.text} LIMIT 20001`,
    where.values,
  );
  await explain(
    'criterion aggregates',
    `WITH selected AS (SELECT t.id, date_trunc('month', t.created_at AT TIME ZONE 'UTC') AS month FROM svc_transcriptions t
                       WHERE ${where.text} ${newestFirst.text} LIMIT 20000)
     SELECT r.criterion_id, to_char(s.month, 'YYYY-MM'), count(*), count(*) FILTER (WHERE r.status = 'FAIL'), sum(r.score_raw_ai)
     FROM selected s JOIN svc_criterion_results r ON r.transcription_id = s.id GROUP BY r.criterion_id, s.month`,
    where.values,
  );
}

await web.stop();
await raw.end();
await db.$disconnect();
