/**
 * Many processes on one PostgreSQL and one Redis Cluster (docs/load-scale.md): 2 `web`, 3 `worker`
 * and 1 `clock`, each the Procfile's compiled entry, on a private 3-master cluster and a private
 * database. 20,000 signed webhooks go to the hub's receiver, spread over both `web` processes, and
 * 300 recordings are submitted to the API; part-way one `web` and one `worker` are SIGKILLed and
 * restarted as a process manager would, and the requests they cut are sent again. Once everything
 * has settled it prints accepted, mirrored, lost and duplicated, each part's CPU seconds and peak
 * RSS, and the peak of PostgreSQL connections against the pool budget; it exits 1 if anything was
 * lost or duplicated.
 *   npm run load:scale                          (ENGINE=openai against the tests' fake OpenAI-compatible API)
 *   LOAD_SCALE_ENGINE=local npm run load:scale  (the offline engine: about 8 recordings a minute here, docs/load-scale.md)
 * Other knobs: LOAD_SCALE_DISTINCT (transcriptions the webhooks name, 4000), LOAD_SCALE_WEBHOOK_RATE
 * (per second, 400), LOAD_SCALE_SUBMIT_RATE (per second, 5), LOAD_SCALE_POOL_SIZE (5),
 * LOAD_SCALE_POSTGRES_URL (the server's maintenance database), LOAD_SCALE_SETTLE_SECONDS (900).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { applyMigrations } from '../../prisma/runner/migrate-deploy.js';
import { createDb, type Db } from '../../src/db.js';
import { createApiKey } from '../../src/service/accounts/api-keys.js';
import { createAccount } from '../../src/service/accounts/create-account.js';
import { startFakeOpenAi } from '../fakes/fake-openai.js';
import { ensureCompiled, freePort } from '../support/processes.js';
import { startRecordingServer } from '../support/recording-server.js';
import { startRedisCluster } from '../support/redis-cluster.js';
import { runCleanups } from '../support/run-cleanups.js';
import { signedWebhookHeaders } from '../support/signed-webhook-headers.js';
import { supportCall, synthesizeConversation } from '../support/synthesize.js';
import { sendPaced, type Outcome } from './load-scale/paced-sender.js';
import { startPart, waitUntilServing, type Part, type PartKind } from './load-scale/parts.js';
import { benchApplicationName, startConnectionSampler } from './load-scale/postgres-connections.js';
import { startRoundRobinBalancer } from './load-scale/round-robin-balancer.js';
import { seedCompletedTranscriptions } from './seed-completed-transcriptions.js';
import { startUsageSampler } from './load-scale/part-usage.js';
import { missingOf, progressOf, repeatsOf } from './load-scale/tally.js';

const print = (line = '') => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

const webhookCount = 20_000;
const submissionCount = 300;
const distinct = setting('LOAD_SCALE_DISTINCT', 4_000);
const webhookRate = setting('LOAD_SCALE_WEBHOOK_RATE', 400);
const submitRate = setting('LOAD_SCALE_SUBMIT_RATE', 5);
const poolSize = setting('LOAD_SCALE_POOL_SIZE', 5);
const settleSeconds = setting('LOAD_SCALE_SETTLE_SECONDS', 900);
const engine = process.env.LOAD_SCALE_ENGINE === 'local' ? 'local' : 'fake-openai';
const adminUrl = process.env.LOAD_SCALE_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
/** Per `web`: its pool, the API-key change listener, the console's pool (src/processes/web/console-wiring.ts). */
const webConnections = poolSize + 1 + 5;
const counts: Record<PartKind, number> = { web: 2, worker: 3, clock: 1 };
const budget = counts.web * webConnections + (counts.worker + counts.clock) * poolSize;

const cleanups: (() => Promise<unknown>)[] = [];
let cleaning: Promise<void> | undefined;
/** Set by Ctrl-C or SIGTERM: what fails after it (its servers going away) is not reported. */
let stopping = false;
const cleanUp = () => (cleaning ??= runCleanups(cleanups));
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const)
  process.once(signal, () => {
    stopping = true;
    process.stderr.write(`\n${signal}: stopping every process, the cluster and the database\n`);
    void cleanUp().then(() => process.exit(code));
  });

async function run(): Promise<number> {
  ensureCompiled();

  // A private database, migrated as the test global set-up does, dropped at the end.
  const database = `convoqa_load_scale_${process.pid}`;
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
  await applyMigrations(databaseUrl);
  cleanups.push(async () => {
    const admin = new pg.Client({ connectionString: adminUrl, application_name: benchApplicationName });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).finally(() => admin.end());
  });
  const benchUrl = new URL(databaseUrl);
  benchUrl.searchParams.set('application_name', benchApplicationName);
  const db: Db = createDb(benchUrl.toString(), { maxConnections: 4 });
  cleanups.push(() => db.$disconnect());

  const cluster = await startRedisCluster();
  cleanups.push(() => cluster.close());
  const recordings = await startRecordingServer();
  cleanups.push(() => recordings.close());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'convoqa-load-scale-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const fakeOpenAiKey = `sk-${randomUUID()}`;
  const fakeOpenAi = engine === 'fake-openai' ? await startFakeOpenAi(fakeOpenAiKey) : undefined;
  if (fakeOpenAi) cleanups.push(() => fakeOpenAi.close());

  const account = await createAccount(db, 'load-scale');
  const { key } = await createApiKey(db, account.id, 'load-scale');
  const seeded = await seedCompletedTranscriptions(db, account.id, distinct);

  // Two web processes behind a round-robin balancer: what every process calls the deployment by.
  const webPorts = [await freePort(), await freePort()];
  const balancer = await startRoundRobinBalancer(webPorts);
  cleanups.push(() => balancer.close());
  const publicBaseUrl = `http://127.0.0.1:${balancer.port}`;
  const receiverToken = randomBytes(24).toString('hex');
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: publicBaseUrl,
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: String(poolSize),
    REDIS_CLUSTER_NODES: cluster.nodeList,
    QUEUE_PREFIX: 'load-scale',
    DATA_DIR: dataDir,
    ALLOW_PRIVATE_HOSTS: '127.0.0.1',
    // The API's and the hub client's per-minute limits, ×100: one account submits and mirrors it all.
    RATE_LIMIT_SCALE: '100',
    UPSTREAM_API_KEY: key,
    HUB_WEBHOOK_SECRET: account.webhookSecret,
    HUB_WEBHOOK_TOKEN: receiverToken,
    ADMIN_TOKEN: randomBytes(24).toString('hex'),
    CONSOLE_SESSION_SECRET: randomBytes(24).toString('hex'),
    REPORTS_ENABLED: 'false',
    // A killed worker's jobs are taken over after 10 s instead of 30 s (killed-workers.test.ts uses 3 s).
    WORKER_LOCK_DURATION_MS: '10000',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    ...(fakeOpenAi ? { ENGINE: 'openai', ENGINE_OPENAI_BASE_URL: fakeOpenAi.baseUrl, ENGINE_OPENAI_API_KEY: fakeOpenAiKey } : {}),
  };

  const usage = startUsageSampler();
  cleanups.push(async () => usage.stop());
  const parts = new Map<string, Part>();
  cleanups.push(() => Promise.all([...parts.values()].map((part) => part.stop('SIGKILL'))));
  const webPort = (name: string) => webPorts[Number(name.split('-')[1]) - 1] ?? 0;
  const launch = (name: string, kind: PartKind) => {
    const part = startPart(name, kind, kind === 'web' ? { ...env, PORT: String(webPort(name)) } : env);
    parts.set(name, part);
    usage.watch(name, part.child.pid ?? 0);
    return part;
  };
  const startedAt = Date.now();
  const webs = ['web-1', 'web-2'].map((name) => launch(name, 'web'));
  await Promise.all(webs.map((part) => waitUntilServing(`http://127.0.0.1:${webPort(part.name)}`, part)));
  for (let i = 1; i <= counts.worker; i += 1) launch(`worker-${i}`, 'worker');
  launch('clock-1', 'clock');
  print(`load:scale: 2 web, 3 worker, 1 clock up in ${((Date.now() - startedAt) / 1000).toFixed(1)} s (engine: ${engine})`);

  const webUrl = (web: number) => `http://127.0.0.1:${webPorts[web]}`;
  const api = async (web: number, operation: string, body: unknown): Promise<Outcome<Record<string, unknown>>> => {
    try {
      const res = await fetch(`${webUrl(web)}/api/${operation}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const json = (await res.json()) as { data?: Record<string, unknown> };
      const retryAfterSeconds = Number(res.headers.get('retry-after') ?? 0);
      return { kind: 'answer', status: res.status, value: { status: res.status, ...json.data }, retryAfterSeconds };
    } catch {
      return { kind: 'cut' };
    }
  };
  const webhooks = {
    success_url: `${publicBaseUrl}/webhooks/transcriptions/success?token=${receiverToken}`,
    error_url: `${publicBaseUrl}/webhooks/transcriptions/error?token=${receiverToken}`,
  };
  const created = await api(0, 'create-configuration', { tag: 'load-scale', webhooks });
  const configurationId = created.kind === 'answer' ? (created.value.configuration as { configuration_id: string }).configuration_id : '';
  const evaluated = await api(1, 'create-evaluator', {
    tag: 'load-scale',
    criteria: [
      { name: 'Greeting', type: 'boolean', weight: 100 },
      { name: 'No refund promises', type: 'strict', weight: 0 },
    ],
  });
  const evaluatorId = evaluated.kind === 'answer' ? (evaluated.value.evaluator as { evaluator_id: string }).evaluator_id : '';
  const recordingUrl = recordings.serve('call.wav', await synthesizeConversation(supportCall.slice(0, 2)));

  // 20,000 webhooks naming the seeded transcriptions, each event delivered 5 times in all (a
  // sender's redeliveries keep the event's webhook-id; each attempt is signed afresh), shuffled.
  const perEvent = Math.ceil(webhookCount / distinct);
  const plan = Array.from({ length: webhookCount }, (_, i) => i % distinct);
  for (let i = plan.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [plan[i], plan[j]] = [plan[j], plan[i]];
  }
  const eventIds = seeded.map(() => `msg_${randomUUID()}`);
  const sendWebhook = async (index: number, _attempt: number, web: number): Promise<Outcome<{ status: number; duplicate?: boolean }>> => {
    const which = plan[index] ?? 0;
    const body = JSON.stringify({
      type: 'transcription.completed',
      timestamp: new Date().toISOString(),
      data: {
        transcription_id: seeded[which],
        status: 'COMPLETED',
        configuration_id: configurationId,
        name: `seeded-${which}`,
        error: null,
      },
    });
    try {
      const res = await fetch(`${webUrl(web)}/webhooks/transcriptions/success?token=${receiverToken}`, {
        method: 'POST',
        headers: signedWebhookHeaders(account.webhookSecret, body, { id: eventIds[which] }),
        body,
        signal: AbortSignal.timeout(30_000),
      });
      const json = (await res.json().catch(() => ({}))) as { data?: { duplicate?: boolean } };
      const retryAfterSeconds = Number(res.headers.get('retry-after') ?? 0);
      return { kind: 'answer', status: res.status, value: { status: res.status, duplicate: json.data?.duplicate }, retryAfterSeconds };
    } catch {
      return { kind: 'cut' };
    }
  };

  // Part-way (half the webhooks answered): SIGKILL web-1 and worker-1, restart both after 1 s.
  let killed: Promise<void> | undefined;
  const killReport: string[] = [];
  const killPartWay = async () => {
    const inProgress = await db.transcription.count({ where: { configurationId, status: 'IN_PROGRESS' } });
    usage.sampleNow();
    await Promise.all(['web-1', 'worker-1'].map((name) => parts.get(name)?.stop('SIGKILL') ?? Promise.resolve()));
    killReport.push(
      `SIGKILLed web-1 and worker-1 at ${((Date.now() - sendingStarted) / 1000).toFixed(1)} s, with ${inProgress} recordings in progress`,
    );
    await sleep(1_000);
    const web = launch('web-1', 'web');
    launch('worker-1', 'worker');
    await waitUntilServing(webUrl(0), web);
    killReport.push(`web-1 serving again ${((Date.now() - sendingStarted) / 1000).toFixed(1)} s in`);
  };

  const sendingStarted = Date.now();
  const [webhookResults, submitResults] = await Promise.all([
    sendPaced(webhookCount, sendWebhook, {
      perSecond: webhookRate,
      inFlight: 24,
      onSettled: (settled) => {
        if (settled === webhookCount / 2) killed = killPartWay();
      },
    }),
    sendPaced(
      submissionCount,
      (index, _attempt, web) =>
        api(web, 'submit', { configuration_id: configurationId, evaluator_id: evaluatorId, url: recordingUrl, name: `load-${index}` }),
      {
        perSecond: submitRate,
        inFlight: 4,
        // A submit whose connection was cut may have been committed: look for it by name first.
        afterCut: async (index) => {
          const listed = await api(index % 2, 'list-transcriptions', {});
          if (listed.kind !== 'answer') return undefined;
          const rows = (listed.value.transcriptions ?? []) as { transcription_id: string; name: string | null }[];
          const found = rows.find((row) => row.name === `load-${index}`);
          return found ? { status: 201, transcription_id: found.transcription_id, foundAfterCut: true } : undefined;
        },
      },
    ),
  ]);
  await killed;
  const sendSeconds = (Date.now() - sendingStarted) / 1000;

  const acceptedWebhooks = webhookResults.filter((r) => r.answer && r.answer.status === 202);
  const acceptedIds = [...new Set(webhookResults.flatMap((r, i) => (r.answer?.status === 202 ? [seeded[plan[i] ?? 0]] : [])))];
  const freshAcks = new Map<string, number>();
  webhookResults.forEach((r, i) => {
    if (r.answer?.status === 202 && r.answer.duplicate === false) {
      const id = seeded[plan[i] ?? 0];
      freshAcks.set(id, (freshAcks.get(id) ?? 0) + 1);
    }
  });
  const submitted = submitResults.flatMap((r) => (r.answer?.status === 201 ? [String(r.answer.transcription_id)] : []));
  const expected = [...acceptedIds, ...submitted];

  // Settle: every recording processed, its webhook delivered, every receipt queued, everything mirrored, alerts made.
  const settleStarted = Date.now();
  let progress = await progressOf(db, expected, submitted);
  let lastPrinted = 0;
  while (Date.now() - settleStarted < settleSeconds * 1000) {
    progress = await progressOf(db, expected, submitted);
    const settled =
      progress.mirrored === expected.length &&
      progress.inProgress +
        progress.receiptsNotQueued +
        progress.deliveriesPending +
        progress.alertsPending +
        progress.alertsOwedMissing ===
        0;
    if (settled) break;
    if (Date.now() - lastPrinted > 15_000) {
      lastPrinted = Date.now();
      print(
        `  settling: ${progress.mirrored}/${expected.length} mirrored, ${progress.inProgress} recordings in progress, ` +
          `${progress.deliveriesPending} deliveries pending, ${progress.receiptsNotQueued} receipts not queued, ${progress.alertsPending} alerts pending`,
      );
    }
    await sleep(1_000);
  }
  const settleSecondsTaken = (Date.now() - settleStarted) / 1000;

  const missing = await missingOf(db, acceptedIds);
  const submittedMissing = await missingOf(db, submitted);
  const repeats = await repeatsOf(db, account.id, expected);
  const freshAckRepeats = [...freshAcks.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
  const lostSubmissions = new Set([...submittedMissing.notMirrored, ...submittedMissing.noReceipt]).size;
  const lost = new Set([...missing.noReceipt, ...missing.notMirrored]).size + lostSubmissions + progress.alertsOwedMissing;
  // Requests never accepted after every attempt: a sender would give up on them (not lost, but a failed run).
  const notAccepted = webhookCount - acceptedWebhooks.length + submissionCount - submitted.length;
  const duplicated = Object.values(repeats).reduce((sum, n) => sum + n, 0) + freshAckRepeats;

  const statuses = await db.transcription.groupBy({ by: ['status'], where: { configurationId }, _count: true });
  const alerts = await db.hubAlert.count();
  const receipts = await db.$queryRawUnsafe<{ rows: number; repeats: number }[]>(
    `SELECT count(*)::int AS rows, coalesce(sum(duplicates), 0)::int AS repeats FROM hub_webhook_receipts`,
  );

  print();
  print(`load:scale — 2 web, 3 worker, 1 clock on a 3-master Redis Cluster and one PostgreSQL, this machine`);
  for (const line of killReport) print(`  ${line}`);
  print(`sent in ${sendSeconds.toFixed(1)} s, settled ${settleSecondsTaken.toFixed(1)} s later`);
  print(
    `webhooks   ${webhookCount} sent to the receiver (${distinct} events × ${perEvent}), ${acceptedWebhooks.length} accepted (202), ` +
      `${webhookResults.reduce((s, r) => s + r.cut, 0)} attempts cut (or 5xx) and sent again, ${webhookResults.reduce((s, r) => s + r.deferred, 0)} deferred (503/429)`,
  );
  print(
    `           receipts ${receipts[0]?.rows ?? 0} rows, ${receipts[0]?.repeats ?? 0} repeats counted on them; ` +
      `acknowledgements saying duplicate:false: ${[...freshAcks.values()].reduce((s, n) => s + n, 0)} for ${acceptedIds.length} events`,
  );
  print(
    `submits    ${submissionCount} sent, ${submitted.length} accepted (${submitResults.filter((r) => r.answer?.foundAfterCut).length} found committed after a cut), ` +
      `${submitResults.reduce((s, r) => s + r.cut, 0)} attempts cut (or 5xx), ${submitResults.reduce((s, r) => s + r.deferred, 0)} deferred (503/429); outcomes: ${statuses.map((s) => `${s.status} ${s._count}`).join(', ')}`,
  );
  const refused = [...webhookResults, ...submitResults].filter((r) => !r.answer || (r.answer.status !== 202 && r.answer.status !== 201));
  const refusedBy = [...new Set(refused.map((r) => r.lastStatus))].map(
    (status) => `${status || 'no answer'} ×${refused.filter((r) => r.lastStatus === status).length}`,
  );
  print(
    `accepted   ${acceptedWebhooks.length} webhooks + ${submitted.length} submissions (${notAccepted} never accepted${notAccepted ? `: last answer ${refusedBy.join(', ')}` : ''})`,
  );
  print(
    `mirrored   ${progress.mirrored} of ${expected.length} transcriptions (${acceptedIds.length} named by webhooks, ${submitted.length} submitted); ${alerts} critical-fail alerts`,
  );
  print(
    `lost       ${lost} (no receipt ${missing.noReceipt.length}, not mirrored ${missing.notMirrored.length}, submissions ${lostSubmissions}, alerts owed ${progress.alertsOwedMissing})`,
  );
  print(
    `duplicated ${duplicated} (transcriptions per name ${repeats.transcriptionsPerName}, deliveries ${repeats.deliveries}, receipts ${repeats.receipts}, ` +
      `mirror rows ${repeats.mirrorRows}, criterion rows ${repeats.criterionRows}, alerts ${repeats.alerts}, fresh acknowledgements ${freshAckRepeats})`,
  );
  print();
  print(`part       CPU s   peak RSS MB   processes`);
  for (const [name, total] of [...usage.totals()].sort(([a], [b]) => a.localeCompare(b)))
    print(
      `${name.padEnd(10)} ${total.cpuSeconds.toFixed(1).padStart(5)}   ${total.peakRssMb.toFixed(0).padStart(11)}   ${total.incarnations}`,
    );
  print(
    `PostgreSQL connections: peak ${connections.peak()} of a budget of ${budget} ` +
      `(2 web × (pool ${poolSize} + 1 listener + 5 console) + 4 worker/clock × pool ${poolSize}); server max_connections ${maxConnections}`,
  );
  const byBackend = balancer.connectionsByBackend();
  print(
    `balancer   connections to web-1 ${byBackend.get(webPorts[0] ?? 0)}, web-2 ${byBackend.get(webPorts[1] ?? 0)} (the processes' own calls)`,
  );
  if (lost + duplicated + notAccepted > 0) {
    print(`\nnot mirrored: ${[...missing.notMirrored, ...submittedMissing.notMirrored].slice(0, 10).join(', ')}`);
    for (const part of parts.values()) print(`\n--- ${part.name} (last output) ---\n${part.output().slice(-3_000)}`);
  }
  return lost === 0 && duplicated === 0 && notAccepted === 0 && connections.peak() <= budget ? 0 : 1;
}

const admin = new pg.Client({ connectionString: adminUrl, application_name: benchApplicationName });
await admin.connect();
const maxConnections = Number((await admin.query<{ max_connections: string }>('SHOW max_connections')).rows[0]?.max_connections);
await admin.end();
const connections = await startConnectionSampler(adminUrl, `convoqa_load_scale_${process.pid}`);
cleanups.push(() => connections.stop());

const code = await run().catch((error: unknown) => {
  if (stopping) return 1;
  process.stderr.write(`load:scale failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  return 1;
});
await cleanUp();
process.exit(code);
