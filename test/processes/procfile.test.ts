import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, type TestAccount } from '../support/harness.js';
import {
  compileTimeoutMs,
  deploymentEnv,
  ensureCompiled,
  freePort,
  projectRoot,
  watchChild,
  type ChildService,
} from '../support/processes.js';
import { startRecordingServer, type RecordingServer } from '../support/recording-server.js';
import { supportCall, synthesizeConversation } from '../support/synthesize.js';
import { eventually } from '../support/webhook-receiver.js';

/** The Procfile's command lines, by process type. */
const procfile = Object.fromEntries(
  readFileSync(path.join(projectRoot, 'Procfile'), 'utf8')
    .split('\n')
    .filter((line) => /^\w+:/.test(line))
    .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
) as Record<string, string>;

let h: Harness;
let account: TestAccount;
let recordings: RecordingServer;
const running: ChildService[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'convoqa-procfile-'));
let env: Record<string, string>;
let baseUrl: string;

/** Starts a Procfile process type exactly as its line says (no shell: signals reach it directly). */
function startProcess(type: string): ChildService {
  const [command, ...args] = (procfile[type] ?? '').split(/\s+/);
  const service = watchChild(
    spawn(command, args, { cwd: projectRoot, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] }),
  );
  running.push(service);
  return service;
}

/** SIGTERM, and how long the process took to exit, with its exit code. */
async function terminate(service: ChildService): Promise<{ code: number | null; ms: number }> {
  const started = Date.now();
  const code = await service.stop('SIGTERM');
  return { code, ms: Date.now() - started };
}

// The Procfile runs the compiled processes; its release step builds them.
beforeAll(() => ensureCompiled(), compileTimeoutMs);
beforeAll(async () => {
  h = createHarness();
  account = await h.createAccount();
  recordings = await startRecordingServer();
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  env = {
    ...deploymentEnv('procfile', port, dataDir),
    UPSTREAM_API_KEY: account.key,
    HUB_WEBHOOK_SECRET: account.webhookSecret,
    ADMIN_TOKEN: 'procfile-admin-token-0123456789',
    WORKER_LOCK_DURATION_MS: '3000',
  };
}, 30_000);
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop('SIGKILL')));
  await recordings.close();
  await h.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the Procfile processes, each on its own', () => {
  it('run recordings end to end, and stop cleanly on SIGTERM within 10 s without losing a job', async () => {
    expect(Object.keys(procfile).sort()).toEqual(['clock', 'release', 'web', 'worker']);
    const web = startProcess('web');
    const worker = startProcess('worker');
    const clock = startProcess('clock');
    await eventually(async () => (await fetch(`${baseUrl}/admin/health`).catch(() => null))?.ok, 30_000);
    expect((await fetch(`${baseUrl}/admin/ready`)).status).toBe(200);

    const call = async (operation: string, body: object) => {
      const res = await fetch(`${baseUrl}/api/${operation}`, {
        method: 'POST',
        headers: { 'x-api-key': account.key, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { data: Record<string, unknown> };
    };
    const webhooks = {
      success_url: `${baseUrl}/webhooks/transcriptions/success?token=x`,
      error_url: `${baseUrl}/webhooks/transcriptions/error?token=x`,
    };
    const configurationId = (
      (await call('create-configuration', { tag: 'procfile', webhooks })).data.configuration as { configuration_id: string }
    ).configuration_id;
    const submit = async (name: string, turns = supportCall) =>
      (
        await call('submit', {
          configuration_id: configurationId,
          url: recordings.serve(`${name}.wav`, await synthesizeConversation(turns, { stereo: true })),
        })
      ).data.transcription_id as string;
    const mirroredCompleted = (id: string) =>
      eventually(async () => (await h.db.hubTranscription.findUnique({ where: { id } }))?.status === 'COMPLETED', 90_000);

    // 1. A recording through web → worker → webhook → web's receiver → worker's mirror.
    const first = await submit('first', supportCall.slice(0, 3));
    await mirroredCompleted(first);

    // 2. SIGTERM the worker in the middle of a long recording: it exits in time, the job survives.
    const second = await submit('second', [...supportCall, ...supportCall]);
    await eventually(async () => (await h.db.transcription.findUniqueOrThrow({ where: { id: second } })).processingStartedAt, 30_000);
    const workerExit = await terminate(worker);
    expect(workerExit.code, worker.output().slice(-2000)).toBe(0);
    expect(workerExit.ms).toBeLessThan(10_000);
    const replacement = startProcess('worker');
    await mirroredCompleted(second);
    expect(await h.db.transcription.count({ where: { accountId: account.id, status: { not: 'COMPLETED' } } })).toBe(0);
    expect(await h.db.criterionResult.count({ where: { transcriptionId: second } })).toBe(0); // no evaluator: nothing doubled either

    // 3. Every process stops cleanly within 10 s.
    for (const service of [web, replacement, clock]) {
      const exit = await terminate(service);
      expect(exit.code, service.output().slice(-500)).toBe(0);
      expect(exit.ms).toBeLessThan(10_000);
    }
  }, 240_000);
});
