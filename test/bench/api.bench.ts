/**
 * The built-in API's hot paths against a bare Express 5 handler started the same way, measured
 * in the same run and interleaved (bare, then the service, scenario by scenario, run by run), so
 * both see the same machine load. The load generator (autocannon) runs in this process; the
 * servers are separate processes (src/web.ts as deployed, test/bench/bare-express-server.ts).
 *   - get-configuration, 32 connections, one key;
 *   - list-transcriptions of an account holding 20,000 transcriptions (4 connections), and its
 *     p50 over sequential requests next to a plain SELECT of the same rows on a bare pg connection;
 *   - create-participant and submit, 32 connections, keys rotating over 50 accounts (limits scaled
 *     out of the way with RATE_LIMIT_SCALE; participants and the waiting queue reset between runs).
 * Each figure is printed per run and as the median of BENCH_RUNS (default 3); RSS of the web
 * process at idle (after seeding and warm-up) and at the end.
 *
 *   npm run bench:api                        # BENCH_DATABASE_URL, default .../convoqa_bench_api (recreated)
 *   BENCH_ONLY=get-configuration BENCH_CPU_PROF_DIR=/tmp/prof npm run bench:api   # one scenario, CPU-profiled
 *   BENCH_WEB_NODE_ARGS='--trace-gc --max-semi-space-size=32' npm run bench:api    # more node flags for the web process
 *   BENCH_CONNECTIONS=1 BENCH_ONLY=get-configuration npm run bench:api             # every scenario at 1 connection (latency alone)
 * Each service measurement also prints the web process's CPU time per answered request (user +
 * system, from /proc: less sensitive to the machine's load than req/s) and, with --trace-gc, its
 * collections per 1,000 requests and their pause time.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDb } from '../../src/db.js';
import { createAccount } from '../../src/service/accounts/create-account.js';
import { createApiKey } from '../../src/service/accounts/api-keys.js';
import { seedBulkScoredTranscriptions, seedEvaluator, seedParticipant } from '../support/analytics-seed.js';
import { freePort, startEntry, startWebProcess } from '../support/processes.js';
import { recreateBenchDatabase } from './recreate-bench-database.js';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/convoqa_bench_api';
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const only = process.env.BENCH_ONLY;
/** BENCH_ONLY may leave out the scenarios that need the 20,000 transcriptions or the writers. */
const wants = (name: string) => !only || only.split(',').includes(name);
const profileDir = process.env.BENCH_CPU_PROF_DIR;
const connectionsOverride = process.env.BENCH_CONNECTIONS ? Number(process.env.BENCH_CONNECTIONS) : undefined;
const webNodeArgs = (process.env.BENCH_WEB_NODE_ARGS ?? '').split(' ').filter(Boolean);
const writerAccounts = 50;

const out = (line = '') => process.stdout.write(`${line}\n`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? Number.NaN;
/** User + system CPU time of a process so far, in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
const cpuMs = (pid: number | undefined) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
/** Scavenges and mark-compacts in --trace-gc output, with their summed pauses in ms. */
const gcIn = (text: string) => {
  const tally = { scavenges: 0, scavengeMs: 0, markCompacts: 0, markCompactMs: 0 };
  for (const match of text.matchAll(/: (Scavenge|Mark-Compact|Mark-sweep)[^,]*, ([\d.]+) \/ [\d.]+ ms/g)) {
    if (match[1] === 'Scavenge') {
      tally.scavenges += 1;
      tally.scavengeMs += Number(match[2]);
    } else {
      tally.markCompacts += 1;
      tally.markCompactMs += Number(match[2]);
    }
  }
  return tally;
};
const rssMb = (pid: number | undefined) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : Number.NaN;
};

out(`seeding ${databaseUrl} …`);
await recreateBenchDatabase(databaseUrl);
const db = createDb(databaseUrl, { maxConnections: 4 });
const reader = await createAccount(db, 'bench-reader');
const { key: readerKey } = await createApiKey(db, reader.id, 'bench');
const evaluator = await seedEvaluator(db, reader.id, 'Support QA', [
  { name: 'Greeting', type: 'boolean', weight: 50 },
  { name: 'Resolution', type: 'scale', weight: 50 },
]);
const participantIds: string[] = [];
for (let i = 0; i < 20; i += 1) participantIds.push((await seedParticipant(db, reader.id, `agent-${i}`)).id);
if (wants('list-transcriptions'))
  await seedBulkScoredTranscriptions(db, {
    accountId: reader.id,
    evaluator,
    participantIds,
    count: 20_000,
    newest: new Date(),
    stepMinutes: 30,
    withResults: false,
  });
const writers: { id: string; key: string }[] = [];
for (let i = 0; i < (wants('create-participant') || wants('submit') ? writerAccounts : 0); i += 1) {
  const account = await createAccount(db, `bench-writer-${i}`);
  writers.push({ id: account.id, key: (await createApiKey(db, account.id, 'bench')).key });
}
const raw = new pg.Client({ connectionString: databaseUrl });
await raw.connect();
await raw.query('VACUUM ANALYZE');

const web = await startWebProcess(
  {
    DATABASE_URL: databaseUrl,
    RATE_LIMIT_SCALE: '100000',
    LOG_LEVEL: 'warn',
    QUEUE_PREFIX: `bench-api-${process.pid}`,
  },
  [...webNodeArgs, ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])],
);
const barePort = await freePort();
const bare = startEntry('test/bench/bare-express-server.ts', { PORT: String(barePort) });
const bareUrl = `http://127.0.0.1:${barePort}`;
for (const started = Date.now(); ; ) {
  if ((await fetch(`${bareUrl}/api/x`, { method: 'POST' }).catch(() => null)) !== null) break;
  if (Date.now() - started > 20_000) throw new Error(`bare server did not start:\n${bare.output()}`);
  await new Promise((r) => setTimeout(r, 100));
}

async function call(key: string, operation: string, body: unknown): Promise<{ data: Record<string, unknown> }> {
  const res = await fetch(`${web.baseUrl}/api/${operation}`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${operation} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as { data: Record<string, unknown> };
}

const readerConfiguration = (await call(readerKey, 'create-configuration', { tag: 'Bench', vocabulary: ['refund'] })).data
  .configuration as { configuration_id: string };
const writerConfigurations: string[] = [];
for (const writer of writers) {
  const created = await call(writer.key, 'create-configuration', { tag: 'Bench' });
  writerConfigurations.push((created.data.configuration as { configuration_id: string }).configuration_id);
}

interface Scenario {
  name: string;
  connections: number;
  request: (i: number) => { key: string; body: string };
  reset?: () => Promise<void>;
}

const allScenarios: Scenario[] = [
  {
    name: 'get-configuration',
    connections: 32,
    request: () => ({ key: readerKey, body: JSON.stringify({ configuration_id: readerConfiguration.configuration_id }) }),
  },
  { name: 'list-transcriptions', connections: 4, request: () => ({ key: readerKey, body: '{}' }) },
  {
    name: 'create-participant',
    connections: 32,
    request: (i) => ({ key: writers[i % writerAccounts].key, body: JSON.stringify({ tag: `bench-${i}`, metadata: { team: 'a' } }) }),
    reset: async () => {
      await raw.query('DELETE FROM svc_participants WHERE account_id = ANY($1::uuid[])', [writers.map((w) => w.id)]);
    },
  },
  {
    name: 'submit',
    connections: 32,
    request: (i) => ({
      key: writers[i % writerAccounts].key,
      body: JSON.stringify({ url: 'http://127.0.0.1:9/bench/call.wav', configuration_id: writerConfigurations[i % writerAccounts] }),
    }),
    // No worker runs: mark what waits as started so the 100-waiting limit never refuses.
    reset: async () => {
      await raw.query(
        'UPDATE svc_transcriptions SET processing_started_at = now() WHERE account_id = ANY($1::uuid[]) AND processing_started_at IS NULL',
        [writers.map((w) => w.id)],
      );
    },
  },
];
const scenarios = allScenarios.filter((s) => wants(s.name));

async function fire(baseUrl: string, scenario: Scenario): Promise<autocannon.Result> {
  let next = 0;
  return autocannon({
    url: `${baseUrl}/api/${scenario.name}`,
    method: 'POST',
    connections: connectionsOverride ?? scenario.connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (req) => {
          const { key, body } = scenario.request(next++);
          return { ...req, body, headers: { 'content-type': 'application/json', 'x-api-key': key } };
        },
      },
    ],
  });
}

const listSelect = `
  SELECT id, status, configuration_id, configuration_tag, duration, review_group, name, created_at, score, critical_fail,
         evaluation_status, participant_id, evaluator_id
  FROM svc_transcriptions WHERE account_id = $1 ORDER BY created_at DESC, id DESC LIMIT 20000`;

/** Sequential list-transcriptions, each followed by the plain SELECT of the same rows. */
async function listVersusSelect(requests: number): Promise<{ list: number; select: number; bytes: number }> {
  const list: number[] = [];
  const select: number[] = [];
  let bytes = 0;
  for (let i = 0; i < requests; i += 1) {
    let started = performance.now();
    const res = await fetch(`${web.baseUrl}/api/list-transcriptions`, {
      method: 'POST',
      headers: { 'x-api-key': readerKey, 'content-type': 'application/json' },
      body: '{}',
    });
    bytes = (await res.text()).length;
    list.push(performance.now() - started);
    started = performance.now();
    await raw.query(listSelect, [reader.id]);
    select.push(performance.now() - started);
  }
  return { list: median(list), select: median(select), bytes };
}

// Warm-up: connections, JIT, caches, on both servers.
for (const scenario of scenarios) {
  await scenario.reset?.();
  await autocannon({
    url: `${bareUrl}/api/${scenario.name}`,
    method: 'POST',
    connections: 4,
    duration: 1,
    body: scenario.request(0).body,
    headers: { 'content-type': 'application/json' },
  });
  await autocannon({
    url: `${web.baseUrl}/api/${scenario.name}`,
    method: 'POST',
    connections: 4,
    duration: 1,
    body: scenario.request(0).body,
    headers: { 'content-type': 'application/json', 'x-api-key': scenario.request(0).key },
  });
}
const idleRss = rssMb(web.child.pid);

interface Row {
  rate: number;
  p50: number;
  p99: number;
  bareRate: number;
  bareP99: number;
  ratio: number;
  non2xx: number;
}
const rows = new Map<string, Row[]>();
const listRuns: { list: number; select: number; bytes: number }[] = [];
out(
  `\napi bench — ${seconds} s per measurement, ${runs} runs, loopback, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
for (let run = 1; run <= runs; run += 1) {
  for (const scenario of scenarios) {
    await scenario.reset?.();
    const baseline = await fire(bareUrl, scenario);
    const cpuBefore = cpuMs(web.child.pid);
    const outputBefore = web.output().length;
    const result = await fire(web.baseUrl, scenario);
    const cpuPerRequest = ((cpuMs(web.child.pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total);
    const gc = gcIn(web.output().slice(outputBefore));
    const perThousand = 1000 / Math.max(1, result.requests.total);
    const row: Row = {
      rate: result['2xx'] / seconds,
      p50: result.latency.p50,
      p99: result.latency.p99,
      bareRate: baseline.requests.average,
      bareP99: baseline.latency.p99,
      ratio: result['2xx'] / seconds / baseline.requests.average,
      non2xx: result.non2xx + result.errors,
    };
    rows.set(scenario.name, [...(rows.get(scenario.name) ?? []), row]);
    out(
      `run ${run}  ${scenario.name.padEnd(20)} ${Math.round(row.rate)} req/s p50 ${row.p50} ms p99 ${row.p99} ms (${row.non2xx} not 2xx) | bare ${Math.round(row.bareRate)} req/s p99 ${row.bareP99} ms | ratio ${row.ratio.toFixed(2)}`,
    );
    out(
      `       web process CPU ${Math.round(cpuPerRequest)} µs per request${gc.scavenges + gc.markCompacts ? `; per 1,000 requests ${(gc.scavenges * perThousand).toFixed(1)} scavenges (${(gc.scavengeMs * perThousand).toFixed(1)} ms), ${(gc.markCompacts * perThousand).toFixed(2)} mark-compacts (${(gc.markCompactMs * perThousand).toFixed(1)} ms)` : ''}`,
    );
  }
  if (scenarios.some((s) => s.name === 'list-transcriptions')) {
    const measured = await listVersusSelect(10);
    listRuns.push(measured);
    out(
      `run ${run}  list-transcriptions sequential p50 ${measured.list.toFixed(1)} ms, plain SELECT p50 ${measured.select.toFixed(1)} ms: ${(measured.list / measured.select).toFixed(2)}× (${(measured.bytes / 1e6).toFixed(1)} MB answer)`,
    );
  }
}
const endRss = rssMb(web.child.pid);

out(`\nmedians of ${runs} runs (ratio = service req/s ÷ bare Express req/s in the same run)`);
out(
  `${'operation'.padEnd(20)} ${'req/s'.padStart(7)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} ${'bare req/s'.padStart(11)} ${'bare p99'.padStart(9)} ${'ratio'.padStart(6)}`,
);
for (const [name, list] of rows) {
  const m = (pick: (r: Row) => number) => median(list.map(pick));
  out(
    `${name.padEnd(20)} ${String(Math.round(m((r) => r.rate))).padStart(7)} ${String(m((r) => r.p50)).padStart(6)} ${String(m((r) => r.p99)).padStart(6)} ${String(Math.round(m((r) => r.bareRate))).padStart(11)} ${String(m((r) => r.bareP99)).padStart(9)} ${m(
      (r) => r.ratio,
    )
      .toFixed(2)
      .padStart(6)}`,
  );
}
if (listRuns.length) {
  const list = median(listRuns.map((r) => r.list));
  const select = median(listRuns.map((r) => r.select));
  out(
    `list-transcriptions at 20,000: p50 ${list.toFixed(1)} ms, plain SELECT of the same rows ${select.toFixed(1)} ms: ${median(listRuns.map((r) => r.list / r.select)).toFixed(2)}× (goal ≤ 2×)`,
  );
}
out(`web process RSS: ${idleRss} MB idle, ${endRss} MB at the end`);
out('goals: get-configuration ≥ 0.6× bare with p99 ≤ 30 ms at 32 connections');

await Promise.all([web.stop(), bare.stop()]);
await raw.end();
await db.$disconnect();
