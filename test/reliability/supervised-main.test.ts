/**
 * `npm start` (src/main.ts) runs web, worker and clock as supervised children.
 * A worker killed by SIGKILL mid-job is logged with why, restarted, and its job taken over: the
 * recording submitted before the kill still completes and is mirrored. SIGTERM stops every part and
 * exits 0 within 10 s; a supervisor killed outright leaves no part running.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { deploymentEnv, freePort, startEntry, type ChildService } from '../support/processes.js';
import { configurationWithHubWebhooks, provisionedApi } from '../support/provisioned-api.js';
import { startRecordingServer, type RecordingServer } from '../support/recording-server.js';
import { supportCall, synthesizeConversation } from '../support/synthesize.js';
import { eventually } from '../support/webhook-receiver.js';

let h: Harness;
let main: ChildService;
let recordings: RecordingServer;
let baseUrl: string;
let env: Record<string, string>;
const dataDir = mkdtempSync(path.join(tmpdir(), 'convoqa-supervised-'));

interface LogLine {
  name?: string;
  msg?: string;
  part?: string;
  childPid?: number;
  restarts?: number;
  signal?: string | null;
  exitCode?: number | null;
}
const logLines = (): LogLine[] =>
  main
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => {
      try {
        return JSON.parse(l) as LogLine;
      } catch {
        return {};
      }
    });
const startsOf = (part: string) => logLines().filter((l) => l.name === 'main' && l.msg === 'part started' && l.part === part);
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function startMain(): Promise<ChildService> {
  const started = startEntry('src/main.ts', { ...env, LOG_LEVEL: 'info' });
  await eventually(async () => (await fetch(`${baseUrl}/api/`, { method: 'POST' }).catch(() => null))?.status === 404, 60_000);
  return started;
}

beforeAll(async () => {
  h = createHarness();
  recordings = await startRecordingServer();
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  env = {
    ...deploymentEnv('supervised', port, dataDir),
    WORKER_LOCK_DURATION_MS: '3000', // a killed worker's job is taken over within seconds
    REPORTS_ENABLED: 'false',
  };
  main = await startMain();
}, 90_000);
afterAll(async () => {
  await main.stop('SIGKILL');
  await recordings.close();
  await h.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start supervises its parts', () => {
  it('restarts a worker killed mid-job; the job is taken over, completes and is mirrored', async () => {
    const { key, call } = await provisionedApi(h, baseUrl, 30_000);
    const { configurationId } = await configurationWithHubWebhooks(call, `supervised-${randomUUID().slice(0, 6)}`, env);

    const worker = await eventually(async () => startsOf('worker')[0]?.childPid, 30_000);
    const url = recordings.serve('supervised.wav', await synthesizeConversation(supportCall.slice(0, 3)));
    const id = (await call('submit', { configuration_id: configurationId, url })).data.transcription_id as string;
    await eventually(async () => recordings.hits('/supervised.wav') > 0 || undefined, 20_000); // the worker has the job
    process.kill(worker, 'SIGKILL');

    const died = await eventually(
      async () => logLines().find((l) => l.name === 'main' && l.part === 'worker' && l.signal === 'SIGKILL'),
      20_000,
    );
    expect(died.msg).toMatch(/^part worker died \(signal SIGKILL\); restarting in \d+ ms$/);
    const restarted = await eventually(async () => startsOf('worker').find((l) => l.restarts === 1), 30_000);
    expect(restarted.childPid).not.toBe(worker);
    // The API kept answering while the worker was down, and web and clock were never restarted.
    expect(
      (
        await fetch(`${baseUrl}/api/list-transcriptions`, {
          method: 'POST',
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
          body: '{}',
        })
      ).status,
    ).toBe(200);
    expect(startsOf('web')).toHaveLength(1);
    expect(startsOf('clock')).toHaveLength(1);

    const row = await eventually(async () => {
      const found = await h.db.hubTranscription.findUnique({ where: { id } });
      return found?.status === 'COMPLETED' ? found : undefined;
    }, 120_000).catch(async (error: Error) => {
      const upstream = await h.db.transcription.findUnique({ where: { id } });
      const deliveries = await h.db.webhookDelivery.findMany({ where: { transcriptionId: id } });
      const receipts = await h.db.hubWebhookReceipt.findMany({ where: { transcriptionId: id } });
      const told = main
        .output()
        .split('\n')
        .filter((line) => /warn|error|"level":[456]0|died|stalled|failed/i.test(line))
        .slice(-40);
      throw new Error(
        `${error.message}; upstream status ${upstream?.status}; deliveries ${JSON.stringify(deliveries.map((d) => d.status))}; ` +
          `receipts ${JSON.stringify(receipts.map((r) => r.outcome))}; the supervisor's log said:\n${told.join('\n')}`,
      );
    });
    expect(row.configurationId).toBe(configurationId);
    expect((await h.db.transcription.findUniqueOrThrow({ where: { id } })).status).toBe('COMPLETED');
    await call('delete-transcription', { transcription_id: id });
    await call('delete-configuration', { configuration_id: configurationId });
  }, 240_000);

  it('stops every part on SIGTERM and exits 0 within 10 s', async () => {
    const pids = ['web', 'worker', 'clock'].map((part) => startsOf(part).at(-1)?.childPid ?? 0);
    expect(pids.every((pid) => pid > 0 && isAlive(pid))).toBe(true);
    const started = Date.now();
    expect(await main.stop('SIGTERM')).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(pids.filter(isAlive)).toEqual([]);
  }, 30_000);

  it('leaves no part running when the supervisor itself is killed', async () => {
    main = await startMain();
    const pids = await eventually(async () => {
      const found = ['web', 'worker', 'clock'].map((part) => startsOf(part).at(-1)?.childPid ?? 0);
      return found.every((pid) => pid > 0) ? found : undefined;
    }, 30_000);
    await main.stop('SIGKILL');
    await eventually(async () => pids.every((pid) => !isAlive(pid)) || undefined, 15_000);
  }, 120_000);
});
