/**
 * `npm run bench:client`: two hub processes, 300 get-transcription calls each through the client,
 * against the built-in service in a web process, all sharing one Redis. Prints the achieved rate
 * as a share of what the service allows (burst + rate × elapsed) and the 429s the clients saw.
 * Goal: share ≥ 0.95 and no 429.
 *
 * RATE_LIMIT_SCALE (default 5) multiplies every limit on both sides, the service's and the
 * clients', so the bench takes seconds rather than the minute-plus of the spec's 500/min.
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) picks the database, default convoqa_test.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { applyMigrations } from '../../prisma/runner/migrate-deploy.js';
import { operationTraits } from '../../src/contract/operations.js';
import { createDb } from '../../src/db.js';
import { defaultClientSettings, pacingRule } from '../../src/hub/client/index.js';
import { createAccount } from '../../src/service/accounts/create-account.js';
import { createApiKey } from '../../src/service/accounts/api-keys.js';
import { projectRoot, startWebProcess } from '../support/processes.js';
import { seedTranscription } from '../support/seed.js';

interface WorkerReport {
  calls: number;
  failures: number;
  startedAt: number;
  endedAt: number;
  statuses: Record<string, number>;
}

const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/convoqa_test';
const scale = Number(process.env.RATE_LIMIT_SCALE ?? 5);
const processes = 2;
const callsPerProcess = 300;
const out = (line = '') => process.stdout.write(`${line}\n`);

function runWorker(env: Record<string, string>): Promise<WorkerReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(projectRoot, 'node_modules/.bin/tsx'), ['test/bench/client-bench-worker.ts'], {
      cwd: projectRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`bench worker exited with ${code}`));
      else resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as WorkerReport);
    });
  });
}

await applyMigrations(databaseUrl);
const db = createDb(databaseUrl, { maxConnections: 2 });
const web = await startWebProcess({ DATABASE_URL: databaseUrl, RATE_LIMIT_SCALE: String(scale) });
try {
  const account = await createAccount(db, `bench-${randomUUID()}`);
  const { key } = await createApiKey(db, account.id, 'bench');
  const transcription = await seedTranscription(db, account.id, { status: 'COMPLETED', name: 'bench' });
  const shared = {
    BENCH_BASE_URL: `${web.baseUrl}/api`,
    BENCH_API_KEY: key,
    BENCH_TRANSCRIPTION_ID: transcription.id,
    BENCH_CALLS: String(callsPerProcess),
    BENCH_PACING_PREFIX: `convoqa:bench:pace:${randomUUID()}:`,
    BENCH_START_AT: String(Date.now() + 4_000), // both start together, once tsx has loaded
    RATE_LIMIT_SCALE: String(scale),
    LOG_LEVEL: 'warn',
  };
  const reports = await Promise.all(Array.from({ length: processes }, () => runWorker(shared)));

  const { perMinute, burst } = operationTraits['get-transcription'].limit;
  const clientRule = pacingRule({ perMinute, burst }, { scale, marginMs: defaultClientSettings.pacingMarginMs });
  const calls = reports.reduce((sum, r) => sum + r.calls, 0);
  const failures = reports.reduce((sum, r) => sum + r.failures, 0);
  const answers: Record<string, number> = {};
  for (const [status, n] of reports.flatMap((r) => Object.entries(r.statuses))) answers[status] = (answers[status] ?? 0) + n;
  const count = (status: number) => answers[String(status)] ?? 0;
  const elapsedMs = Math.max(...reports.map((r) => r.endedAt)) - Math.min(...reports.map((r) => r.startedAt));
  const allowed = Math.round(burst * scale) + (perMinute * scale * elapsedMs) / 60_000;

  out('client bench: get-transcription through the hub client, 2 processes sharing Redis, built-in service in a web process');
  out(`RATE_LIMIT_SCALE      ${scale} (test-only: every limit × ${scale} on both sides, service and clients)`);
  out(
    `limit                 ${perMinute}/min, burst ${burst} (scaled: ${perMinute * scale}/min, burst ${Math.round(burst * scale)}); client paces at burst ${clientRule.burst}`,
  );
  out(`calls                 ${calls} (${processes} × ${callsPerProcess}), ${failures} failed`);
  out(`elapsed               ${(elapsedMs / 1000).toFixed(2)} s`);
  out(`achieved / allowed    ${calls} / ${allowed.toFixed(1)} = ${(calls / allowed).toFixed(3)} (allowed = burst + rate × elapsed)`);
  out(`429s received         ${count(429)}`);
  out(`answers by status     ${JSON.stringify(answers)}`);
  out(calls / allowed >= 0.95 && count(429) === 0 ? 'goal met: share ≥ 0.95 and no 429' : 'goal NOT met: share ≥ 0.95 and no 429');
} finally {
  await web.stop();
  await db.$disconnect();
}
