/**
 * The console at 100,000 mirrored transcriptions × 10 criteria (a million criterion rows, a fifth
 * of the calls critical fails, 5 % of the others sampled, some reviewed; BENCH_CONSOLE_CALLS sets another count). Starts the real `web` process (src/web.ts) on that
 * database, signs in, and prints p50 and p95 of the whole answer (HTML fully received over
 * loopback) for:
 *  - the review queue filtered by an evaluator (/console?evaluator=…), next to a plain indexed
 *    SELECT of one page of the same rows on a bare pg connection, measured alternately in this run;
 *  - the dashboard over the whole range (every call and criterion result);
 *  - the calls page (docs/console.md "The calls page"): a full-text search, the page with two
 *    filters (evaluator, not critical) and the call view, each next to the plain indexed query it
 *    rests on, measured alternately in this run.
 * Goals: queue p50 ≤ 3 × the plain SELECT's, dashboard p50 ≤ 300 ms, search p95 ≤ 150 ms, the
 * calls page and the call view ≤ 3 × their query. The load average is printed:
 * other processes on the 2 cores move the numbers.
 *
 *   npm run bench:console     # BENCH_DATABASE_URL, default .../convoqa_bench_console (recreated)
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createDb } from '../../src/db.js';
import { createConsoleUser } from '../../src/hub/console/users/manage-console-users.js';
import { findReviewQueue } from '../../src/hub/review/review-queue.js';
import { setSamplingRule } from '../../src/hub/review/sampling/set-sampling-rule.js';
import { startWebProcess } from '../support/processes.js';
import { waitForQuiet } from './wait-for-quiet.js';
import { recreateBenchDatabase } from './recreate-bench-database.js';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/convoqa_bench_console';
const requests = 60;
// Requests per page before measuring: a console's web process has served many, so each page's code is compiled (JIT) as it is in use.
const warmUp = 50;
const count = Number(process.env.BENCH_CONSOLE_CALLS ?? 100_000);

const out = (line: string) => process.stdout.write(`${line}\n`);
const ms = (value: number) => `${value.toFixed(1)} ms`;
const nearestRank = (sorted: number[], p: number) => sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1] ?? Number.NaN;
const pct = (values: number[], p: number) =>
  nearestRank(
    [...values].sort((a, b) => a - b),
    p,
  );

out(`seeding ${databaseUrl} …`);
const seedStart = performance.now();
await recreateBenchDatabase(databaseUrl);
const raw = new pg.Client({ connectionString: databaseUrl });
await raw.connect();
// 7 evaluators, 50 participants, one call every 6 minutes up to now (about 83 days); 1 in 5 a
// critical fail, spread over no group / pending / under review / archived; 10 criteria each.
await raw.query(`
  INSERT INTO hub_transcriptions (id, status, review_group, configuration_id, configuration_tag, name, duration, participant_id, participant_tag,
    evaluator_id, evaluator_tag, recorded_at, completed_at, conversation, score, critical_fail, evaluation_status, mirrored_at)
  SELECT md5('t' || i)::uuid, 'COMPLETED',
    CASE WHEN i % 5 <> 0 THEN NULL WHEN i % 4 = 0 THEN NULL WHEN i % 4 = 1 THEN 'PENDING_REVIEW' WHEN i % 4 = 2 THEN 'UNDER_REVIEW' ELSE 'ARCHIVED' END,
    md5('config')::uuid, 'default', 'Call ' || i, 180 + i % 300, md5('p' || i % 50)::uuid, 'agent-' || i % 50,
    md5('e' || i % 7)::uuid, 'Evaluator ' || i % 7, now() - (i * interval '6 minutes'), now() - (i * interval '6 minutes'),
    jsonb_build_object('segments', jsonb_build_array(
      jsonb_build_object('speaker', 'A', 'text', 'Hello, thanks for calling about order ' || i || '.'),
      jsonb_build_object('speaker', 'B', 'text', 'It is about the ' || (ARRAY['refund', 'delivery', 'engineer', 'invoice', 'password', 'upgrade', 'contract', 'router'])[1 + i % 8]
        || ' and the ' || (ARRAY['visit', 'letter', 'bill', 'app', 'account', 'payment', 'tariff'])[1 + (i / 8) % 7] || ', my reference is ' || i || '.'))),
    (i * 37) % 101, i % 5 = 0, 'COMPLETED', now()
  FROM generate_series(1, ${count}) AS i`);
await raw.query(`
  INSERT INTO hub_criterion_results (transcription_id, criterion_id, position, name, type, status, max_weight, score_raw_ai, score_obtained, reasoning, quote, feedback, evaluator_id, recorded_at)
  SELECT t.id, md5('c' || c)::uuid, c, 'Criterion ' || c, CASE WHEN c >= 8 THEN 'strict' WHEN c % 2 = 0 THEN 'scale' ELSE 'boolean' END,
    CASE WHEN (c = 8 AND t.critical_fail) OR ((hashtext(t.id::text) + c) % 4 = 0) THEN 'FAIL' ELSE 'PASS' END,
    CASE WHEN c >= 8 THEN 0 ELSE 10 END, 1, 10, 'Because', 'Hi', NULL, t.evaluator_id, t.recorded_at
  FROM hub_transcriptions t CROSS JOIN generate_series(0, 9) AS c`);
await raw.query(`
  INSERT INTO hub_reviews (transcription_id, effective_score, effective_critical_fail, override_count, note_count, reviewed_at, reviewed_by)
  SELECT id, score, false, 1, 0, now(), md5('u')::uuid FROM hub_transcriptions WHERE critical_fail AND recorded_at > now() - interval '3 days'`);
await raw.query(`
  INSERT INTO hub_review_overrides (transcription_id, criterion_id, value, reason, user_id)
  SELECT transcription_id, md5('c8')::uuid, 1, 'bench', md5('u')::uuid FROM hub_reviews`);
await raw.query('VACUUM ANALYZE');

const db = createDb(databaseUrl, { maxConnections: 2 });
// The sampling rule at 5 %: every participant-week of the 100,000 calls ranked and flagged in one statement.
const samplingStart = performance.now();
const sampling = await setSamplingRule(db, { share: 5, seed: 'bench' }, new Date());
out(`sampling rule set (5 %, all calls re-picked) in ${ms(performance.now() - samplingStart)}: ${sampling.sampledCalls} calls sampled`);
await raw.query('ANALYZE hub_transcriptions');
const seeded = await raw.query<{
  t: string;
  r: string;
  q: string;
}>(`SELECT (SELECT count(*) FROM hub_transcriptions) AS t, (SELECT count(*) FROM hub_criterion_results) AS r,
  (SELECT count(*) FROM hub_transcriptions WHERE (critical_fail OR sampled) AND (review_group IS NULL OR review_group = 'PENDING_REVIEW')) AS q`);
out(
  `seeded in ${ms(performance.now() - seedStart)}: ${seeded.rows[0]?.t} transcriptions, ${seeded.rows[0]?.r} criterion results, ${seeded.rows[0]?.q} in the queue`,
);
const password = 'bench password 0123456789';
await createConsoleUser(db, { email: 'bench@example.com', name: 'Bench', role: 'lead', password }, { kind: 'cli' });
const web = await startWebProcess({ DATABASE_URL: databaseUrl, CONSOLE_SIGNIN_PER_MINUTE: '100' });
// Seeding leaves PostgreSQL busy for a while (checkpoints, autovacuum): measure after it settles.
const quiet = await waitForQuiet();
out(`waited ${quiet.waitedSeconds.toFixed(0)} s for the machine to settle: CPUs ${(quiet.busy * 100).toFixed(0)} % busy`);

// Sign in like a browser: the sign-in page's cookie and CSRF token, then the form.
const signInPage = await fetch(`${web.baseUrl}/console/sign-in`);
let cookie = (signInPage.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
const csrf = /name="_csrf" value="([^"]+)"/.exec(await signInPage.text())?.[1] ?? '';
const signedIn = await fetch(`${web.baseUrl}/console/sign-in`, {
  method: 'POST',
  redirect: 'manual',
  headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ _csrf: csrf, email: 'bench@example.com', password }).toString(),
});
cookie = (signedIn.headers.get('set-cookie') ?? cookie).split(';')[0] ?? cookie;
if (signedIn.status !== 303) throw new Error(`sign-in answered ${signedIn.status}`);

// One call says a phrase no other says: the search must find it among all of them.
const needleId =
  (
    await raw.query<{ id: string }>(`
  UPDATE hub_transcriptions SET conversation = jsonb_build_object('segments', jsonb_build_array(
    jsonb_build_object('speaker', 'B', 'text', 'The customer mentioned the kangaroo engineer twice.')))
  WHERE id = md5('t' || ${Math.floor(count / 2)})::uuid RETURNING id::text`)
  ).rows[0]?.id ?? '';
const evaluatorId = (await raw.query<{ id: string }>(`SELECT md5('e1')::uuid::text AS id`)).rows[0]?.id ?? '';
const first =
  (await raw.query<{ d: string }>("SELECT to_char(min(recorded_at), 'YYYY-MM-DD') AS d FROM hub_transcriptions")).rows[0]?.d ?? '';
const today = new Date().toISOString().slice(0, 10);

async function timePage(path: string, expected = 200): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${web.baseUrl}${path}`, { headers: { cookie }, redirect: 'manual' });
  const body = await res.text();
  const elapsed = performance.now() - started;
  if (res.status !== expected) throw new Error(`${path} answered ${res.status}: ${body.slice(0, 200)}`);
  return elapsed;
}

/** The queue's own database work (page, counts, three facets, no choices cache), in this process through Prisma. */
async function timeQueueQueries(): Promise<number> {
  const started = performance.now();
  await findReviewQueue(db, { evaluator: evaluatorId });
  return performance.now() - started;
}

/** The baseline: one page of the same queue rows, read by a plain indexed SELECT on a bare pg connection. */
const plainPage = `
  SELECT t.id, t.name, t.recorded_at, t.participant_tag, t.evaluator_tag, t.score, t.review_group
  FROM hub_transcriptions t
  WHERE (t.critical_fail OR t.sampled) AND t.deleted_at IS NULL AND (t.review_group IS NULL OR t.review_group = 'PENDING_REVIEW') AND t.evaluator_id = $1
  ORDER BY t.recorded_at DESC, t.id DESC LIMIT 50`;
async function timePlain(): Promise<number> {
  const started = performance.now();
  await raw.query(plainPage, [evaluatorId]);
  return performance.now() - started;
}

const search = 'kangaroo engineer';
const searchPath = `/console/calls?tab=all&q=${encodeURIComponent(search)}`;
const filteredPath = `/console/calls?tab=all&evaluator=${evaluatorId}&critical=no`;
const callPath = `/console/calls/${needleId}`;
/** The plain indexed queries the calls page rests on, on a bare pg connection. */
const plainQueries = {
  search: {
    text: `SELECT t.id, t.name, t.recorded_at FROM hub_transcriptions t
      WHERE t.deleted_at IS NULL AND jsonb_to_tsvector('english'::regconfig, t.conversation, '["string"]'::jsonb) @@ websearch_to_tsquery('english'::regconfig, $1)
      ORDER BY t.recorded_at DESC, t.id DESC LIMIT 51`,
    values: [search],
  },
  filtered: {
    text: `SELECT t.id, t.name, t.recorded_at, t.score FROM hub_transcriptions t
      WHERE t.deleted_at IS NULL AND t.evaluator_id = $1 AND NOT coalesce(t.critical_fail, false) ORDER BY t.recorded_at DESC, t.id DESC LIMIT 51`,
    values: [evaluatorId],
  },
  call: {
    text: `SELECT t.*, (SELECT json_agg(c ORDER BY c.position) FROM hub_criterion_results c WHERE c.transcription_id = t.id) AS results
      FROM hub_transcriptions t WHERE t.id = $1`,
    values: [needleId],
  },
};
async function timeQuery(query: { text: string; values: string[] }): Promise<number> {
  const started = performance.now();
  await raw.query(query.text, query.values);
  return performance.now() - started;
}
const callsPages = [
  { name: 'full-text search page', path: searchPath, query: plainQueries.search },
  { name: 'calls page, evaluator + not critical', path: filteredPath, query: plainQueries.filtered },
  { name: 'call view', path: callPath, query: plainQueries.call },
].map((c) => ({ ...c, page: [] as number[], plain: [] as number[] }));
const searchQueryTimes: number[] = [];

const queuePath = `/console?evaluator=${evaluatorId}`;
const dashboardPath = `/console/dashboard?from=${first}&to=${today}`;
for (let i = 0; i < warmUp; i += 1) {
  await timePage(queuePath);
  await timePage('/console/no-such-page', 404);
  await timePlain();
  if (i < 5) await timePage(dashboardPath);
}
const queue: number[] = [];
const plain: number[] = [];
const dashboard: number[] = [];
const queries: number[] = [];
const overhead: number[] = [];
for (let i = 0; i < requests; i += 1) {
  queue.push(await timePage(queuePath));
  plain.push(await timePlain());
  queries.push(await timeQueueQueries());
  overhead.push(await timePage('/console/no-such-page', 404));
  dashboard.push(await timePage(dashboardPath));
}
for (let i = 0; i < warmUp; i += 1) {
  for (const c of callsPages) {
    await timePage(c.path);
    await timeQuery(c.query);
  }
}
for (let i = 0; i < requests; i += 1) {
  for (const c of callsPages) {
    c.page.push(await timePage(c.path));
    c.plain.push(await timeQuery(c.query));
  }
  searchQueryTimes.push(await timeQuery(plainQueries.search));
}
const searchPage = await (await fetch(`${web.baseUrl}${searchPath}`, { headers: { cookie } })).text();
if (!searchPage.includes(needleId) || !searchPage.includes('<mark>kangaroo</mark>'))
  throw new Error('the search did not find the one call with its line');
await web.stop();
await raw.end();
await db.$disconnect();

const [load1] = loadavg();
out(`load average (1 min): ${load1?.toFixed(2)} on 2 cores; ${requests} requests each, alternating, after ${warmUp} of each to warm up`);
out(`plain indexed SELECT, one page of 50 queue rows: p50 ${ms(pct(plain, 50))}  p95 ${ms(pct(plain, 95))}`);
out(
  `signed-in request that renders nothing (session and user read in one query, expiry renewed past a minute, 404 page): p50 ${ms(pct(overhead, 50))}  p95 ${ms(pct(overhead, 95))}`,
);
out(
  `queue queries alone, choices not cached (page + counts + 3 facets, Prisma, in this process): p50 ${ms(pct(queries, 50))}  p95 ${ms(pct(queries, 95))}  ratio p50 ${(pct(queries, 50) / pct(plain, 50)).toFixed(1)}×`,
);
out(
  `queue page (evaluator filter, counts, facets from the 5 s cache, HTML): p50 ${ms(pct(queue, 50))}  p95 ${ms(pct(queue, 95))}  ratio p50 ${(pct(queue, 50) / pct(plain, 50)).toFixed(1)}× (goal ≤ 3×)`,
);
out(
  `dashboard page (all ${count} calls, ${count * 10} criterion rows): p50 ${ms(pct(dashboard, 50))}  p95 ${ms(pct(dashboard, 95))} (goal p50 ≤ 300 ms)  ratio p50 ${(pct(dashboard, 50) / pct(plain, 50)).toFixed(1)}×`,
);
out(
  `full-text search query alone ("${search}", one call among ${count}): p50 ${ms(pct(searchQueryTimes, 50))}  p95 ${ms(pct(searchQueryTimes, 95))} (goal p95 ≤ 150 ms)`,
);
for (const c of callsPages) {
  const ratio = (p: number) => (pct(c.page, p) / pct(c.plain, p)).toFixed(1);
  out(
    `${c.name}: p50 ${ms(pct(c.page, 50))}  p95 ${ms(pct(c.page, 95))}; its plain query p50 ${ms(pct(c.plain, 50))}  p95 ${ms(pct(c.plain, 95))}; ratio p50 ${ratio(50)}×  p95 ${ratio(95)}× (goal ≤ 3×)`,
  );
}
