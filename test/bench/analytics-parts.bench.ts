/**
 * In-process timings of analytics-evaluator's parts on the bench database that
 * `npm run bench:analytics` seeded (BENCH_DATABASE_URL, default convoqa_bench_analytics; run that
 * first): less sensitive to the machine's load than the end-to-end ratio, since each part is
 * timed alone, back to back, median of BENCH_ROUNDS (default 15), as wall time and as this
 * process's CPU time (process.cpuUsage: the reads' CPU is pg's decoding, PostgreSQL's own is not in it). Compares the answer as it was
 * built before (Prisma selection, objects, JSON.stringify, the Buffer and ETag res.json makes)
 * with the serialised one (prepared array rows, one pass, pieces encoded once).
 *
 *   npx tsx test/bench/analytics-parts.bench.ts
 */
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createDb } from '../../src/db.js';
import { resolveDateFilter } from '../../src/service/analytics/date-filter.js';
import { loadDashboardData } from '../../src/service/analytics/load-dashboard-data.js';
import { loadEvaluatorDashboardData } from '../../src/service/analytics/load-evaluator-dashboard-data.js';
import { readEvaluatorRows } from '../../src/service/analytics/read-evaluator-rows.js';
import { selectScoredTranscriptions } from '../../src/service/analytics/select-scored-transcriptions.js';
import { serializeEvaluatorDashboard } from '../../src/service/analytics/serialize-evaluator-dashboard.js';
import { countPeriodFigures, periodFiguresFromRows } from '../../src/service/analytics/count-period-figures.js';
import { periodFiguresFromHours } from '../../src/service/analytics/period-figures-from-hours.js';
import { resolveComparisonWindows } from '../../src/service/analytics/comparison-windows.js';
import { sumCriterionHourStats } from '../../src/service/analytics/sum-criterion-hour-stats.js';
import { buildEvaluatorDashboardBefore } from '../service/oracles/build-evaluator-dashboard-before.js';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/convoqa_bench_analytics';
const rounds = Number(process.env.BENCH_ROUNDS ?? 15);
const db = createDb(databaseUrl, { maxConnections: 10 });
const out = (line: string) => process.stdout.write(`${line}\n`);

const [target] = await db.$queryRaw<{ account_id: string; evaluator_id: string }[]>`
  SELECT account_id::text, evaluator_id::text FROM svc_transcriptions WHERE evaluator_id IS NOT NULL
  GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1`;
if (!target) throw new Error('no bench data: run npm run bench:analytics first');
const scope = { kind: 'evaluator', accountId: target.account_id, evaluatorId: target.evaluator_id } as const;
const filter = resolveDateFilter({});
const now = new Date();

/** This process's CPU time (user + system) in ms: what a part costs the web process, whatever the load. */
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const samples = new Map<string, { wall: number[]; cpu: number[] }>();
async function time<T>(label: string, run: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  const startedCpu = cpuMs();
  const result = await run();
  const entry = samples.get(label) ?? { wall: [], cpu: [] };
  entry.wall.push(performance.now() - started);
  entry.cpu.push(cpuMs() - startedCpu);
  samples.set(label, entry);
  return result;
}

for (let round = 0; round < rounds + 2; round += 1) {
  // Before: what the handler and res.json did.
  const before = await time('before: the four reads (Prisma selection)', () => loadDashboardData(db, scope, filter, now));
  const evaluator = before.directory.evaluators.get(scope.evaluatorId);
  if (!evaluator) throw new Error('evaluator not found');
  const dashboard = await time('before: build the answer objects', () => buildEvaluatorDashboardBefore(before, evaluator, filter, now));
  const text = await time('before: JSON.stringify', () => JSON.stringify({ data: dashboard }));
  await time('before: Buffer + ETag (res.send)', () => createHash('sha1').update(Buffer.from(text)).digest('base64'));
  // After.
  const after = await time('after: the four reads (prepared array rows)', () => loadEvaluatorDashboardData(db, scope, filter, now));
  const pieces = await time('after: one pass + serialise (pieces)', () => serializeEvaluatorDashboard(after, evaluator, filter, now));
  await time('after: encode pieces (send-json-pieces)', () => pieces.reduce((n, piece) => n + Buffer.from(piece).length, 0));
  // The reads alone.
  await time('selection alone, Prisma $queryRaw', () => selectScoredTranscriptions(db, scope, filter.window));
  await time('selection alone, prepared, array rows', () => readEvaluatorRows(db, scope, filter.window));
  await time('criterion hour stats alone', () => sumCriterionHourStats(db, scope, filter.window));
  await time('periods alone, from the rows', () =>
    countPeriodFigures(db, periodFiguresFromRows(scope, resolveComparisonWindows(filter, now))),
  );
  await time('periods alone, from the hour table', () =>
    countPeriodFigures(db, periodFiguresFromHours(scope, resolveComparisonWindows(filter, now))),
  );
  if (round === 0 && pieces.join('') !== JSON.stringify(dashboard)) throw new Error('answers differ');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
out(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; medians of ${rounds} rounds (2 warm-up rounds dropped)`,
);
out("     wall   this process's CPU");
for (const [label, { wall, cpu }] of samples) {
  out(`  ${median(wall.slice(2)).toFixed(1).padStart(7)} ms  ${median(cpu.slice(2)).toFixed(1).padStart(7)} ms  ${label}`);
}
await db.$disconnect();
