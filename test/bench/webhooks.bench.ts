/**
 * Webhook receiver bench: signed webhooks fired at the receiver of a real `web` process on
 * loopback (autocannon), against a bare Express 5 handler measured the same way in the same run;
 * then a `worker` process drains the mirror queue and every transcription named by an
 * acknowledged webhook must be mirrored. 300 distinct transcriptions, each named by many webhooks.
 *   npm run bench:webhooks            (uses TEST_DATABASE_URL, default convoqa_test)
 *   BENCH_WEB_NODE_ARGS='--max-semi-space-size=32' npm run bench:webhooks   (node flags for the web process)
 * Also prints each server's CPU time per answered request (user + system from /proc, far less
 * sensitive to the machine's load than req/s) and their ratio.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { Webhook } from 'standardwebhooks';

process.env.DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/convoqa_test';
const { applyMigrations } = await import('../../prisma/runner/migrate-deploy.js');
const { createDb } = await import('../../src/db.js');
const { createAccount } = await import('../../src/service/accounts/create-account.js');
const { createApiKey } = await import('../../src/service/accounts/api-keys.js');
const { freePort, startEntry } = await import('../support/processes.js');
const { eventually } = await import('../support/webhook-receiver.js');
const { seedCompletedTranscriptions } = await import('./seed-completed-transcriptions.js');

const print = (line = '') => process.stdout.write(`${line}\n`);
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const distinct = 300;

await applyMigrations(process.env.DATABASE_URL);
const db = createDb(process.env.DATABASE_URL, { maxConnections: 4 });
const account = await createAccount(db, `bench-webhooks-${randomUUID().slice(0, 8)}`);
const { key } = await createApiKey(db, account.id, 'bench');
const ids = await seedCompletedTranscriptions(db, account.id, distinct);

// Signed requests, prepared before the run so signing does not load the generator.
const signer = new Webhook(account.webhookSecret);
const prepared = Array.from({ length: 60_000 }, (_, i) => {
  const id = randomUUID();
  const at = new Date();
  const body = JSON.stringify({
    type: 'transcription.completed',
    timestamp: at.toISOString(),
    data: { transcription_id: ids[i % distinct], status: 'COMPLETED', configuration_id: ids[0], name: null, error: null },
  });
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signer.sign(id, at, body),
    },
  };
});

/** User + system CPU time of a process so far, in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
const cpuMs = (pid: number | undefined) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

async function fire(url: string): Promise<autocannon.Result> {
  let next = 0;
  return autocannon({
    url,
    method: 'POST',
    connections,
    duration: durationSeconds,
    requests: [{ setupRequest: (req) => ({ ...req, ...prepared[next++ % prepared.length] }) }],
  });
}

async function waitForPort(baseUrl: string) {
  await eventually(async () => (await fetch(baseUrl, { method: 'POST' }).catch(() => null)) !== null, 90_000);
}

const barePort = await freePort();
const bare = startEntry('test/bench/bare-express-server.ts', { PORT: String(barePort) });
await waitForPort(`http://127.0.0.1:${barePort}/`);
const bareCpuBefore = cpuMs(bare.child.pid);
const baseline = await fire(`http://127.0.0.1:${barePort}/webhooks/transcriptions/success`);
const bareCpuPerRequest = ((cpuMs(bare.child.pid) - bareCpuBefore) * 1000) / Math.max(1, baseline.requests.total);
await bare.stop();

const port = await freePort();
const env = {
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
  UPSTREAM_API_KEY: key,
  HUB_WEBHOOK_SECRET: account.webhookSecret,
  QUEUE_PREFIX: `bench-${randomUUID().slice(0, 8)}`,
  // Mirroring 300 transcriptions at get-transcription's 500/min would take 36 s; ×10 on both sides.
  RATE_LIMIT_SCALE: '10',
  LOG_LEVEL: 'warn',
};
// BENCH_CPU_PROF_DIR=/tmp/prof: the web process runs with node --cpu-prof (test/bench/summarize-cpu-profile.ts reads it);
// BENCH_WEB_NODE_ARGS='--max-semi-space-size=32' adds node flags to it (the bare handler keeps none).
const profileDir = process.env.BENCH_CPU_PROF_DIR;
const webNodeArgs = (process.env.BENCH_WEB_NODE_ARGS ?? '').split(' ').filter(Boolean);
const web = startEntry('src/web.ts', env, [...webNodeArgs, ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])]);
await waitForPort(`http://127.0.0.1:${port}/api/`);
const webCpuBefore = cpuMs(web.child.pid);
const receiver = await fire(`http://127.0.0.1:${port}/webhooks/transcriptions/success`);
const webCpuPerRequest = ((cpuMs(web.child.pid) - webCpuBefore) * 1000) / Math.max(1, receiver.requests.total);
const accepted = receiver['2xx'];

const drainStarted = Date.now();
const worker = startEntry('src/worker.ts', env);
const mirrored = await eventually(
  async () => {
    const count = await db.hubTranscription.count({ where: { id: { in: ids } } });
    return count === distinct ? count : Date.now() - drainStarted > 120_000 ? count : undefined;
  },
  130_000,
  500,
);
const receipts = await db.hubWebhookReceipt.count({ where: { transcriptionId: { in: ids } } });

print();
print(`webhook receiver bench — ${connections} connections, ${durationSeconds} s each, loopback, this 2-core machine`);
print(`bare Express 5       ${Math.round(baseline.requests.average)} req/s, p99 ${baseline.latency.p99} ms`);
print(
  `receiver             ${Math.round(accepted / durationSeconds)} accepted/s (${accepted} acknowledged, ${receiver.non2xx} not 2xx, ${receiver.errors} errors), p99 ${receiver.latency.p99} ms`,
);
print(
  `ratio                ${(accepted / durationSeconds / baseline.requests.average).toFixed(2)} of the bare handler (goals: ≥ 0.8 of bare, p99 ≤ 30 ms)`,
);
print(
  `CPU per request      receiver ${Math.round(webCpuPerRequest)} µs, bare Express ${Math.round(bareCpuPerRequest)} µs (${(bareCpuPerRequest / webCpuPerRequest).toFixed(2)} of the receiver's)`,
);
print(`receipts stored      ${receipts} (every acknowledged webhook, and those in flight when the run stopped)`);
print(
  `mirrored             ${mirrored} of ${distinct} transcriptions named by acknowledged webhooks, ${((Date.now() - drainStarted) / 1000).toFixed(1)} s after the worker started`,
);

await Promise.all([web.stop(), worker.stop()]);
await db.$disconnect();
// Requests in flight when the run stopped are stored too: receipts ≥ acknowledged.
process.exit(mirrored === distinct && receipts >= accepted ? 0 : 1);
