/**
 * Client-side pacing: the client takes a slot of a token bucket before every attempt, so that
 * every hub process together stays under the upstream's limits and never sees a 429.
 */
import got from 'got';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createConversationClient,
  MemoryPacer,
  pacingKey,
  pacingRule,
  RedisPacer,
  type ConversationClient,
} from '../../../src/hub/client/index.js';
import { operationTraits } from '../../../src/contract/operations.js';
import { startFakeUpstream } from '../../fakes/fake-upstream.js';
import { transcriptionWire } from '../../fakes/wire-fixtures.js';
import { createHarness, type Harness } from '../../support/harness.js';
import { freePort } from '../../support/processes.js';
import { recordingGot, serveBuiltIn, testPacingPrefix } from './support.js';

describe('the pacing rule and bucket', () => {
  it("is the spec's limit, scaled like the service's, less a margin of burst (at least one request)", () => {
    expect(pacingRule(operationTraits['get-transcription'].limit)).toEqual({ perMinute: 500, burst: 16 });
    expect(pacingRule(operationTraits['create-configuration'].limit)).toEqual({ perMinute: 10, burst: 1 });
    // 250 ms of margin: 3 slots of 120 ms at 500/min; 21 slots of 12 ms when scaled by 10.
    expect(pacingRule(operationTraits['get-transcription'].limit, { marginMs: 250 })).toEqual({ perMinute: 500, burst: 14 });
    expect(pacingRule(operationTraits['get-transcription'].limit, { scale: 10, marginMs: 250 })).toEqual({ perMinute: 5000, burst: 149 });
    expect(pacingRule(operationTraits['list-configurations'].limit, { marginMs: 250 })).toEqual({ perMinute: 50, burst: 2 });
    expect(pacingRule(operationTraits.analytics.limit, { marginMs: 250 })).toEqual({ perMinute: 5, burst: 1 });
  });

  it('is one bucket per base URL, API key and operation', () => {
    const key = pacingKey('http://a/api', 'k1', 'get-transcription');
    expect(key).toBe(pacingKey('http://a/api', 'k1', 'get-transcription'));
    expect(key).not.toBe(pacingKey('http://a/api', 'k2', 'get-transcription'));
    expect(key).not.toBe(pacingKey('http://b/api', 'k1', 'get-transcription'));
    expect(key).not.toBe(pacingKey('http://a/api', 'k1', 'list-transcriptions'));
    expect(key).not.toContain('k1');
  });

  it('in memory: the burst at once, then one slot per interval', async () => {
    let now = 1_000_000;
    const pacer = new MemoryPacer(() => now);
    const rule = { perMinute: 60, burst: 2 };
    const waits = [];
    for (let i = 0; i < 4; i += 1) waits.push(await pacer.reserve('k', rule));
    expect(waits).toEqual([0, 0, 1_000, 2_000]);
    now += 10_000; // a long pause refills the bucket, never beyond the burst
    expect([await pacer.reserve('k', rule), await pacer.reserve('k', rule), await pacer.reserve('k', rule)]).toEqual([0, 0, 1_000]);
  });

  it('with Redis unreachable, paces in memory instead of failing the call', async () => {
    const offline = new Redis(await freePort(), '127.0.0.1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    const pacer = new RedisPacer(offline, { prefix: testPacingPrefix() });
    const rule = { perMinute: 60, burst: 1 };
    expect(await pacer.reserve('k', rule)).toBe(0);
    expect(await pacer.reserve('k', rule)).toBeGreaterThan(900);
    offline.disconnect();
  });

  it('a client without Redis paces its own calls', async () => {
    const fake = await startFakeUpstream();
    try {
      const transcription = transcriptionWire();
      fake.script('get-transcription', ...Array.from({ length: 3 }, () => ({ json: { data: transcription } })));
      // 500/min × 0.2 = 100/min (one per 600 ms), burst round(17 × 0.2) − 1 = 2 (250 ms < one slot).
      // Pacing decides when the client sends, so departures are timed in the client: arrival times at
      // the server also carry each connection's set-up, which a loaded machine stretches unevenly.
      const departures: number[] = [];
      const timedGot = got.extend({ hooks: { beforeRequest: [() => void departures.push(performance.now())] } });
      const client = createConversationClient({ baseUrl: fake.baseUrl, apiKey: fake.apiKey, rateLimitScale: 0.2, got: timedGot });
      await Promise.all([1, 2, 3].map(() => client.getTranscription({ transcription_id: transcription.transcription_id })));
      expect(fake.requestsFor('get-transcription')).toHaveLength(3);
      const [a, b, c] = departures;
      expect(Math.abs(b - a)).toBeLessThan(100);
      expect(c - a).toBeGreaterThanOrEqual(590); // the third waits for the slot 600 ms after the first
    } finally {
      await fake.close();
    }
  });
});

describe('two clients sharing Redis against the built-in service', () => {
  const scale = 2; // get-configuration: 1,000/min (one per 60 ms), burst 34 on both sides
  let h: Harness;
  let service: { baseUrl: string; close: () => Promise<void> };
  beforeAll(async () => {
    h = createHarness({ rateLimitScale: scale });
    service = await serveBuiltIn(h);
  });
  afterAll(async () => {
    await service.close();
    await h.close();
  });

  it('together stay under burst + rate: every call answered, not one 429', async () => {
    const account = await h.createAccount();
    const configurationId = (await account.call('create-configuration', { tag: 'paced' })).body.data.configuration.configuration_id;
    const prefix = testPacingPrefix();
    const wires = [recordingGot(), recordingGot()];
    const clients: ConversationClient[] = wires.map((wire) =>
      createConversationClient({
        baseUrl: service.baseUrl,
        apiKey: account.key,
        redis: h.redis,
        pacingPrefix: prefix,
        rateLimitScale: scale,
        got: wire.got,
        maxAttempts: 1, // a 429 would fail the call instead of being hidden by a retry
      }),
    );
    const callsPerClient = 35;
    const started = performance.now();
    // Four concurrent callers per client, like a web and a worker process each serving several jobs.
    await Promise.all(
      clients.flatMap((client) =>
        Array.from({ length: 4 }, async (_, lane) => {
          for (let i = lane; i < callsPerClient; i += 4) await client.getConfiguration({ configuration_id: configurationId });
        }),
      ),
    );
    const elapsedMs = performance.now() - started;
    const statuses = wires.flatMap((w) => w.answers.map((a) => a.status));
    expect(statuses).toHaveLength(2 * callsPerClient);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);

    const rule = pacingRule(operationTraits['get-configuration'].limit, { scale, marginMs: 250 });
    expect(rule).toEqual({ perMinute: 1_000, burst: 29 });
    const paced = (2 * callsPerClient - rule.burst) * (60_000 / rule.perMinute);
    // 70 calls with a client burst of 29: the other 41 wait one interval (60 ms) each...
    expect(elapsedMs).toBeGreaterThanOrEqual(paced - 20);
    // ...and no more than that, give or take the calls' own latency.
    expect(elapsedMs).toBeLessThan(paced + 1_000);
  });
});
