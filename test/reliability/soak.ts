/**
 * `npm run soak [-- --minutes N]` (default 10): the all-in-one process (src/main.ts, supervised
 * web + worker + clock) under mixed traffic: submits of recordings served by `python3 -m
 * http.server` (HTTP/1.0, closes after the body) and by a node server, API reads, signed webhooks
 * to the hub's receiver, admin calls. Then it waits for every accepted submission to end and be
 * mirrored, and prints: part restarts, answers by status (5xx and connection failures counted),
 * lost and duplicated outcomes, and the resident memory of the parts at start and end.
 *
 * Database: SOAK_DATABASE_URL (default convoqa_soak on the local server, created and migrated);
 * Redis: REDIS_URL (default local), with a queue prefix of its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { applyMigrations } from '../../prisma/runner/migrate-deploy.js';
import { createDb } from '../../src/db.js';
import { freePort, projectRoot } from '../support/processes.js';
import { startRecordingServer } from '../support/recording-server.js';
import { supportCall, synthesizeConversation } from '../support/synthesize.js';

const { values } = parseArgs({ options: { minutes: { type: 'string', default: '10' } } });
const minutes = Number(values.minutes);
const databaseUrl = process.env.SOAK_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/convoqa_soak';
const adminToken = `soak-admin-${randomUUID()}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const say = (line: string) => process.stdout.write(`${line}\n`);

// ── counters ──
const statuses = new Map<string, number>();
const count = (label: string, status: number | 'network') => {
  const key = `${label} ${String(status)}`;
  statuses.set(key, (statuses.get(key) ?? 0) + 1);
};
let fiveXx = 0;
let connectionFailures = 0;
const partPids = new Map<string, number>();
let partDeaths = 0;
const deaths: string[] = [];

async function main() {
  await applyMigrations(databaseUrl);
  const db = createDb(databaseUrl);
  const work = mkdtempSync(path.join(tmpdir(), 'convoqa-soak-'));
  const served = path.join(work, 'served');
  const wav = await synthesizeConversation(supportCall.slice(0, 4));
  const { mkdirSync } = await import('node:fs');
  mkdirSync(served);
  copyFileSync(wav, path.join(served, 'call.wav'));

  // Recording servers: python's (HTTP/1.0) and node's.
  const pyPort = await freePort();
  const python = spawn('python3', ['-m', 'http.server', String(pyPort), '--bind', '127.0.0.1', '--directory', served], { stdio: 'ignore' });
  const node = await startRecordingServer();
  const nodeUrl = node.serve('call.wav', wav);
  const pyUrl = `http://127.0.0.1:${pyPort}/call.wav`;

  // The all-in-one process.
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const app = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: baseUrl,
      // Private addresses are refused by default: the two recording servers are allowed by name.
      ALLOW_PRIVATE_HOSTS: `127.0.0.1:${pyPort},${new URL(nodeUrl).host}`,
      QUEUE_PREFIX: `soak-${randomUUID().slice(0, 8)}`,
      DATA_DIR: path.join(work, 'data'),
      ADMIN_TOKEN: adminToken,
      RATE_LIMIT_SCALE: '100',
      LOG_LEVEL: 'info',
      REPORTS_ENABLED: 'false',
    },
  });
  watchLog(app);
  await waitFor(async () => (await fetch(`${baseUrl}/api/`, { method: 'POST' }).catch(() => null))?.status === 404, 90_000);
  const key = await waitFor(async () => (await db.hubSetting.findUnique({ where: { key: 'upstream_api_key' } }))?.value, 60_000);
  const admin = (p: string, init: RequestInit = {}) =>
    timed(
      'admin',
      fetch(`${baseUrl}/admin${p}`, { ...init, headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' } }),
    );
  const api = (operation: string, body: object) =>
    timed(
      operation,
      fetch(`${baseUrl}/api/${operation}`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
  const secret = ((await (await admin('/accounts/default'))?.json()) as { data: { webhook_signing_secret: string } }).data
    .webhook_signing_secret;
  const configuration = (await (await api('create-configuration', { tag: `soak-${randomUUID().slice(0, 6)}` }))?.json()) as {
    data: { configuration: { configuration_id: string } };
  };
  const configurationId = configuration.data.configuration.configuration_id;
  await runCli(['hub:register-webhooks', configurationId], {
    DATABASE_URL: databaseUrl,
    PUBLIC_BASE_URL: baseUrl,
    ADMIN_TOKEN: adminToken,
  });

  await sleep(5_000);
  const rssStart = partsRss();
  say(
    `soak: ${minutes} min against ${baseUrl}; parts ${JSON.stringify(Object.fromEntries(partPids))}; RSS at start ${formatRss(rssStart)}`,
  );

  const accepted: string[] = [];
  const endAt = Date.now() + minutes * 60_000;
  let tick = 0;
  while (Date.now() < endAt) {
    tick += 1;
    const jobs: Promise<unknown>[] = [];
    if (tick % 2 === 0) {
      const url = tick % 4 === 0 ? pyUrl : nodeUrl;
      jobs.push(
        api('submit', { configuration_id: configurationId, url: `${url}?n=${tick}` }).then(async (res) => {
          if (res?.status === 201) accepted.push(((await res.json()) as { data: { transcription_id: string } }).data.transcription_id);
        }),
      );
    }
    jobs.push(api('list-transcriptions', {}));
    const known = accepted.at(-1 - (tick % Math.max(1, accepted.length)));
    if (known) jobs.push(api('get-transcription', { transcription_id: known }));
    if (tick % 3 === 0 && known) jobs.push(signedWebhook(baseUrl, secret, known));
    if (tick % 5 === 0) jobs.push(admin('/sync'), admin('/transcriptions?limit=20'), admin('/queues'));
    await Promise.all(jobs);
    await sleep(1_000);
  }
  const trafficEnded = Date.now();
  say(`soak: traffic over, ${accepted.length} submissions accepted; waiting for them to end and be mirrored`);

  // Drain: every accepted submission ends (COMPLETED or FAILED) and its mirror shows that end.
  const drainDeadline = Date.now() + 5 * 60_000;
  let pending = accepted;
  while (Date.now() < drainDeadline) {
    const rows = await db.transcription.findMany({ where: { id: { in: accepted } }, select: { id: true, status: true } });
    const mirrors = await db.hubTranscription.findMany({ where: { id: { in: accepted } }, select: { id: true, status: true } });
    const mirrored = new Map(mirrors.map((m) => [m.id, m.status]));
    pending = rows.filter((r) => r.status === 'IN_PROGRESS' || mirrored.get(r.id) !== r.status).map((r) => r.id);
    const missing = accepted.length - rows.length;
    if (pending.length === 0 && missing === 0) break;
    await sleep(2_000);
  }
  const rows = await db.transcription.findMany({ where: { id: { in: accepted } }, select: { id: true, status: true } });
  const byStatus = Object.fromEntries(['COMPLETED', 'FAILED', 'IN_PROGRESS'].map((s) => [s, rows.filter((r) => r.status === s).length]));
  const lost = accepted.length - rows.length + pending.length;
  // A duplicated outcome: the service announced one transcription's end more than once.
  const ends = await db.hubWebhookReceipt.groupBy({
    by: ['transcriptionId'],
    where: { transcriptionId: { in: accepted }, eventType: { in: ['transcription.completed', 'transcription.failed'] } },
    _count: { _all: true },
  });
  const duplicated = ends.filter((e) => e._count._all > 1).length;
  const rssEnd = partsRss();

  say('');
  say(`soak results (${minutes} min of traffic, drained in ${Math.round((Date.now() - trafficEnded) / 1000)} s)`);
  say(`  part restarts          ${partDeaths}${deaths.length ? `: ${deaths.join('; ')}` : ''}`);
  say(
    `  answers                ${[...statuses.values()].reduce((a, b) => a + b, 0)}; 5xx ${fiveXx}; connection failures ${connectionFailures}`,
  );
  say(`  by operation           ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
  say(`  submissions accepted   ${accepted.length}: ${JSON.stringify(byStatus)}`);
  say(`  lost                   ${lost}`);
  say(`  duplicated             ${duplicated}`);
  say(`  RSS start → end        ${formatRss(rssStart)} → ${formatRss(rssEnd)}`);

  app.kill('SIGTERM');
  await new Promise((r) => app.once('exit', r));
  python.kill('SIGTERM');
  await node.close();
  await db.$disconnect();
  rmSync(work, { recursive: true, force: true });
  process.exit(lost === 0 && duplicated === 0 && fiveXx === 0 ? 0 : 1);
}

async function timed(label: string, request: Promise<Response>): Promise<Response | null> {
  try {
    const res = await request;
    count(label, res.status);
    if (res.status >= 500) fiveXx += 1;
    return res;
  } catch {
    count(label, 'network');
    connectionFailures += 1;
    return null;
  }
}

function signedWebhook(baseUrl: string, secret: string, transcriptionId: string) {
  const id = `soak-${randomUUID()}`;
  const at = new Date();
  const body = JSON.stringify({ type: 'soak.ping', timestamp: at.toISOString(), data: { transcription_id: transcriptionId } });
  return timed(
    'webhook',
    fetch(`${baseUrl}/webhooks/transcriptions/success`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': new Webhook(secret).sign(id, at, body),
      },
      body,
    }),
  );
}

function watchLog(app: ChildProcess) {
  const onLine = (line: string) => {
    if (!line.includes('"name":"main"')) return;
    try {
      const entry = JSON.parse(line) as { msg?: string; part?: string; childPid?: number; lastError?: string | null };
      if (entry.msg === 'part started' && entry.part && entry.childPid) partPids.set(entry.part, entry.childPid);
      if (entry.msg?.startsWith('part ') && entry.msg.includes(' died ')) {
        partDeaths += 1;
        const why = (entry.lastError ?? '').split('\n').find((l) => /Error/.test(l)) ?? (entry.lastError ?? '').split('\n')[0] ?? '';
        deaths.push(`${entry.msg}: ${why}`);
        say(`soak: ${entry.msg}: ${why}`);
      }
    } catch {
      /* not a log line */
    }
  };
  if (app.stdout) createInterface({ input: app.stdout }).on('line', onLine);
  if (app.stderr) createInterface({ input: app.stderr }).on('line', () => undefined);
}

/** Resident memory of each part (and the supervisor), in MB, from /proc. */
function partsRss(): Record<string, number> {
  const rss: Record<string, number> = {};
  for (const [part, pid] of partPids) {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      rss[part] = Math.round(kb / 1024);
    } catch {
      rss[part] = 0;
    }
  }
  return rss;
}
const formatRss = (rss: Record<string, number>) =>
  Object.entries(rss)
    .map(([p, mb]) => `${p} ${mb} MB`)
    .join(', ');

async function runCli(args: string[], env: Record<string, string>) {
  await new Promise<void>((resolve, reject) => {
    const cli = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
      cwd: projectRoot,
      env: { ...process.env, ...env },
      stdio: 'ignore',
    });
    cli.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`cli ${args.join(' ')} exited ${String(code)}`))));
  });
}

async function waitFor<T>(check: () => Promise<T | undefined | false | null>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined && value !== false && value !== null) return value;
    if (Date.now() > deadline) throw new Error(`not ready within ${timeoutMs} ms`);
    await sleep(250);
  }
}

await main();
