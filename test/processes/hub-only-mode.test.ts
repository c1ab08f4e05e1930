import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import cron from 'node-cron';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobHandlers } from '../../jobs/job-handlers.js';
import { ConfigError, loadConfig, type AppConfig } from '../../src/config.js';
import { createConsoleUser } from '../../src/hub/console/users/manage-console-users.js';
import { describeHalves } from '../../src/processes/halves.js';
import { createRuntime, type Runtime } from '../../src/processes/runtime.js';
import { startProcessClock } from '../../src/processes/clock/start-clock.js';
import { startRuntimeWorkers } from '../../src/processes/worker/start-runtime-workers.js';
import { startWeb } from '../../src/processes/web/start-web.js';
import { createSchedules } from '../../src/processes/clock/clock-schedules.js';
import { jobNames } from '../../src/queues/job-catalog.js';
import { testDatabaseUrl, testRedisUrl } from '../support/harness.js';

/**
 * Hub-only mode (README "Run the hub against the vendor's API"): with another deployment as the
 * hub's upstream, this deployment serves no /api, runs no worker of the built-in service's jobs
 * and schedules none of them. The processes are the real ones (startWeb, startRuntimeWorkers,
 * startProcessClock) on the test PostgreSQL and Redis, each run with its own queue prefix.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'convoqa-hub-only-'));
const vendor = 'http://127.0.0.1:9/v1';

function configFor(env: Record<string, string>): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: testDatabaseUrl,
    REDIS_URL: testRedisUrl,
    QUEUE_PREFIX: `test-hub-only-${randomUUID().slice(0, 8)}`,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    EXPORTS_DIR: path.join(dataDir, 'exports'),
    ADMIN_TOKEN: 'hub-only-admin-token-0123456789',
    CONSOLE_SESSION_SECRET: 'hub-only-console-session-secret-0123456789',
    HUB_WEBHOOK_TOKEN: 'hub-only-receiver-token-0123456789',
    ...env,
  });
}

const hubOnlyEnv = { UPSTREAM_BASE_URL: vendor, UPSTREAM_API_KEY: 'vendor-key' };

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('BUILT_IN_SERVICE', () => {
  it('is on by default with the built-in upstream, off with another one, and on when asked for', () => {
    expect(configFor({}).halves).toEqual({ builtInService: true, hub: true });
    const hubOnly = configFor(hubOnlyEnv);
    expect(hubOnly.halves).toEqual({ builtInService: false, hub: true });
    expect(describeHalves(hubOnly)).toBe(`built-in service: off (upstream ${vendor}); hub: on`);
    const both = configFor({ ...hubOnlyEnv, BUILT_IN_SERVICE: 'on' });
    expect(both.halves).toEqual({ builtInService: true, hub: true });
    expect(describeHalves(both)).toBe(`built-in service: on (BUILT_IN_SERVICE=on; upstream ${vendor}); hub: on`);
    expect(configFor({ ...hubOnlyEnv, BUILT_IN_SERVICE: 'off' }).halves.builtInService).toBe(false);
  });

  it('stops the process at boot when off would leave the hub without its upstream, or for an unknown value', () => {
    expect(() => configFor({ BUILT_IN_SERVICE: 'off' })).toThrow(ConfigError);
    expect(() => configFor({ BUILT_IN_SERVICE: 'off' })).toThrow(
      /BUILT_IN_SERVICE: off needs UPSTREAM_BASE_URL \(and UPSTREAM_API_KEY\) naming another deployment of the API; the hub's upstream is this deployment's own http:\/\/localhost:0\/api/,
    );
    expect(() => configFor({ BUILT_IN_SERVICE: 'yes' })).toThrow(/BUILT_IN_SERVICE: expected on, off or auto/);
  });
});

/** POST /api/list-configurations as the vendor's clients send it. */
const listConfigurations = (baseUrl: string) =>
  fetch(`${baseUrl}/api/list-configurations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'any-key' },
    body: '{}',
  });

describe('the web process', () => {
  let runtimes: Runtime[] = [];
  afterAll(async () => {
    await Promise.all(runtimes.map((r) => r.close()));
    runtimes = [];
  });

  async function serve(config: AppConfig) {
    const runtime = createRuntime(config, 'web');
    runtimes.push(runtime);
    const web = await startWeb(runtime);
    return { baseUrl: `http://127.0.0.1:${(web.server.address() as AddressInfo).port}`, stop: web.stop };
  }

  it("hub-only: /api, /uploads and the samples answer the not-found handler's 404; the hub is served", async () => {
    const web = await serve(configFor(hubOnlyEnv));
    try {
      const api = await listConfigurations(web.baseUrl);
      expect(api.status).toBe(404);
      expect(await api.json()).toEqual({ error: { code: 'not_found', message: 'Not found: POST /api/list-configurations' } });
      const upload = await fetch(`${web.baseUrl}/uploads/00000000-0000-4000-8000-000000000000?token=x`, { method: 'PUT', body: 'RIFF' });
      expect(upload.status).toBe(404);
      expect(await upload.json()).toEqual({
        error: { code: 'not_found', message: 'Not found: PUT /uploads/00000000-0000-4000-8000-000000000000' },
      });
      const sample = await fetch(`${web.baseUrl}/samples/support-call.wav`);
      expect(sample.status).toBe(404);
      expect(await sample.json()).toEqual({ error: { code: 'not_found', message: 'Not found: GET /samples/support-call.wav' } });
      // The hub's half is still there: its receiver refuses an unsigned webhook without the token.
      const receiver = await fetch(`${web.baseUrl}/webhooks/transcriptions/success`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(receiver.status).toBe(401);
      expect((await fetch(`${web.baseUrl}/admin/health`)).status).toBe(200);
    } finally {
      await web.stop();
    }
  });

  it("hub-only: the console's Deliveries pages say the built-in service's deliveries are not available here, and its actions fail plainly", async () => {
    const runtime = createRuntime(configFor(hubOnlyEnv), 'web');
    runtimes.push(runtime);
    const web = await startWeb(runtime);
    const email = `hub-only-${randomUUID()}@example.com`;
    const password = 'a long console password 0123';
    const user = await createConsoleUser(runtime.db, { email, name: 'Hub only', role: 'admin', password }, { kind: 'cli' });
    try {
      const agent = request.agent(`http://127.0.0.1:${(web.server.address() as AddressInfo).port}`);
      const signIn = await agent.get('/console/sign-in');
      const token = /name="_csrf" value="([^"]+)"/.exec(signIn.text)?.[1] ?? '';
      expect(
        (await agent.post('/console/sign-in').type('form').send({ _csrf: token, email, password, next: '/console/deliveries' })).status,
      ).toBe(303);
      for (const path of [
        '/console/deliveries',
        '/console/deliveries?account=default',
        `/console/deliveries/${randomUUID()}?account=default`,
      ]) {
        const page = await agent.get(path);
        expect([path, page.status]).toEqual([path, 200]);
        expect(page.text).toContain(
          'Outgoing deliveries are those of the built-in service, which is not running here: this deployment runs in hub-only mode',
        );
      }
      const home = await agent.get('/console/deliveries');
      const csrf = /name="csrf-token" content="([^"]+)"/.exec(home.text)?.[1] ?? '';
      const replay = await agent
        .post(`/console/deliveries/${randomUUID()}/replay`)
        .set('accept', 'application/json')
        .type('form')
        .send({ _csrf: csrf, account: 'default' });
      expect(replay.status).toBe(503);
      expect(replay.body).toEqual({ error: { code: 'unavailable', message: expect.stringContaining('hub-only mode') as unknown } });
    } finally {
      await web.stop();
      await runtime.db.hubConsoleUser.delete({ where: { id: user.id } }).catch(() => undefined);
    }
  });

  it('embedded (the default): /api is served', async () => {
    const web = await serve(configFor({}));
    try {
      const api = await listConfigurations(web.baseUrl);
      expect(api.status).toBe(403);
      expect(((await api.json()) as { error: { code: string } }).error.code).not.toBe('not_found');
    } finally {
      await web.stop();
    }
  });
});

describe('the worker and the clock, hub-only', () => {
  let runtime: Runtime;
  let stopAll: (() => Promise<void>)[] = [];
  beforeAll(() => {
    runtime = createRuntime(configFor(hubOnlyEnv), 'hub-only');
  });
  afterAll(async () => {
    for (const stop of stopAll) await stop();
    stopAll = [];
    await runtime.close();
  });

  it("runs a worker for every hub job and none for the built-in service's", async () => {
    const workers = startRuntimeWorkers(runtime, createJobHandlers, 'test-hub-only-worker');
    stopAll.push(() => workers.close());
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(jobNames.map(async (name) => [name, await runtime.jobs.queue(name).getWorkersCount()] as const)),
      );
    let seen: Record<string, number> = {};
    for (let i = 0; i < 50; i += 1) {
      seen = await counts();
      if (jobNames.every((name) => name.startsWith('service.') || (seen[name] ?? 0) > 0)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const name of jobNames) expect([name, seen[name]]).toEqual([name, name.startsWith('service.') ? 0 : 1]);
  });

  it('schedules and queues nothing of the built-in service', async () => {
    expect(createSchedules(runtime.config).map((s) => s.name)).toEqual([
      'hub.reconcile',
      'hub.remask-mirror',
      'hub.sweep-alerts',
      'hub.close-due-calibrations',
      'hub.send-digest',
      'hub.plan-reports',
    ]);
    expect(createSchedules(configFor({})).map((s) => s.name)).toEqual(
      expect.arrayContaining(['service.sweep-processing', 'service.purge-expired-transcriptions']),
    );
    const before = new Set(cron.getTasks().keys());
    const clock = startProcessClock(runtime);
    stopAll.unshift(() => clock.stop());
    await clock.caughtUp;
    const started = [...cron.getTasks()].filter(([id]) => !before.has(id)).map(([, task]) => task.name);
    expect(started.sort()).toEqual([
      'hub.close-due-calibrations',
      'hub.plan-reports',
      'hub.reconcile',
      'hub.remask-mirror',
      'hub.send-digest',
      'hub.sweep-alerts',
    ]);
    for (const name of jobNames.filter((n) => n.startsWith('service.'))) {
      const counts = await runtime.jobs.queue(name).getJobCounts();
      expect([name, Object.values(counts).reduce((a, b) => a + b, 0)]).toEqual([name, 0]);
    }
    // The planner's catch-up at start did go in (the worker above may have run it): the clock itself runs.
    const planner = await runtime.jobs.queue('hub.plan-reports').getJobCounts();
    expect(Object.values(planner).reduce((a, b) => a + b, 0)).toBe(1);
  });
});
