/** Shared by the client's tests: the built-in service on a real port, a wire recorder, seeds. */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import got, { type Got } from 'got';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import {
  createConversationClient,
  UpstreamError,
  type ConversationClient,
  type ConversationClientOptions,
} from '../../../src/hub/client/index.js';
import type { Redis } from '../../../src/redis.js';
import { startFakeUpstream, type FakeUpstream } from '../../fakes/fake-upstream.js';
import type { Harness } from '../../support/harness.js';

/** "Call 42", kept importable from here for the hub's tests. */
export { seedEvaluatedTranscription } from '../../support/seed.js';

/** Serves the harness's app (createApp) on an ephemeral port; baseUrl ends in /api. */
export async function serveBuiltIn(h: Harness): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const server = createServer(h.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface WireAnswer {
  operation: string;
  status: number;
  text: string;
}

/** A got that keeps every raw answer (each attempt's), for checks on what the service really sent. */
export function recordingGot(): { got: Got; answers: WireAnswer[] } {
  const answers: WireAnswer[] = [];
  return {
    answers,
    got: got.extend({
      hooks: {
        afterResponse: [
          (response) => {
            answers.push({ operation: response.url.split('/').at(-1) ?? '', status: response.statusCode, text: String(response.body) });
            return response;
          },
        ],
      },
    }),
  };
}

/** A unique Redis key prefix, so concurrent runs never share pacing buckets. */
export const testPacingPrefix = () => `convoqa:test:pace:${randomUUID()}:`;

/**
 * A client of the fake upstream with short retry delays, so that no test sleeps for real seconds,
 * and limits scaled so pacing never waits; `timeoutMs` per attempt.
 */
export function fakeUpstreamClient(
  fake: FakeUpstream,
  timeoutMs: number,
  options: Partial<ConversationClientOptions> = {},
): ConversationClient {
  return createConversationClient({
    baseUrl: fake.baseUrl,
    apiKey: fake.apiKey,
    backoffBaseMs: 20,
    timeoutMs,
    rateLimitScale: 100,
    ...options,
  });
}

/** A client of `baseUrl` that never waits for pacing (tests of what the hub does with answers, not of pacing). */
export function unpacedTestClient(baseUrl: string, apiKey: string, options: Partial<ConversationClientOptions> = {}): ConversationClient {
  return createConversationClient({ baseUrl, apiKey, pacer: { reserve: () => Promise.resolve(0) }, ...options });
}

/**
 * A client of `baseUrl` paced as the hub's are, in `redis` (under a prefix of its own), with the
 * upstream's limits scaled ×100 as the test upstreams run them; `options` add to that or replace it.
 */
export function pacedTestClient(
  baseUrl: string,
  apiKey: string,
  redis: Redis,
  options: Partial<ConversationClientOptions> = {},
): ConversationClient {
  return createConversationClient({ baseUrl, apiKey, redis, rateLimitScale: 100, pacingPrefix: testPacingPrefix(), ...options });
}

/**
 * A scripted fake upstream for a whole test file (started before its tests, closed after), every
 * scripted reply required to be used by the test that scripted it. The object answered stands for
 * the fake once its tests run.
 */
export function useFakeUpstream(): FakeUpstream {
  let fake: FakeUpstream | undefined;
  beforeAll(async () => {
    fake = await startFakeUpstream();
  });
  afterAll(() => fake?.close());
  afterEach(() => {
    expect(fake?.resetScripts(), 'scripted replies left unused').toBe(0);
  });
  return new Proxy({} as FakeUpstream, {
    get: (_target, member) => {
      if (!fake) throw new Error('the fake upstream starts before the tests');
      const value: unknown = Reflect.get(fake, member);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(fake) : value;
    },
  });
}

/** The rejection of a call, which must be an UpstreamError. */
export async function upstreamFailure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error: unknown = await promise.then(
    () => new Error('expected the call to fail'),
    (e: unknown) => e,
  );
  if (!(error instanceof UpstreamError)) throw error;
  return error;
}
