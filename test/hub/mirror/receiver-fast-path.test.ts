/**
 * The receiver's fast path (receiver-fast-path.ts) answers exactly as Express's receiver router
 * does: the same requests, each built afresh for each app, sent to the web app (createApp: the fast
 * path in front of Express) and to the same app with every request through Express
 * (createExpressApp), and compared: status, body, every header but Date in order, the log lines
 * (access log, error answers, refusals), and the request metrics and webhook counters they add.
 * Also checked: which requests the fast path took (a response whose prototype Express never
 * swapped) and which it left to Express.
 */
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, createExpressApp } from '../../../src/app.js';
import { createDb, type Db } from '../../../src/db.js';
import type { HubContext } from '../../../src/hub/hub-context.js';
import { webhooksReceived } from '../../../src/hub/webhooks/webhook-metrics.js';
import { closedPort } from '../../support/closed-port.js';
import {
  comparableLogLine as comparable,
  countDifference as difference,
  expectSameOutcomes,
  requestCounts,
  sendRaw as send,
  serveApp,
  uuids,
  type RawRequest,
} from '../../support/front-path-parity.js';
import { startHubStack, type HubStack } from '../../support/hub-stack.js';
import { createHarness, type Harness } from '../../support/harness.js';
import { signedWebhookHeaders } from '../../support/signed-webhook-headers.js';

let h: Harness;
let stack: HubStack;
let deadDb: Db;
beforeAll(async () => {
  h = createHarness();
  stack = await startHubStack(h);
  deadDb = createDb(`postgresql://postgres@127.0.0.1:${await closedPort()}/nowhere`, { maxConnections: 1 });
});
afterAll(async () => {
  await deadDb.$disconnect();
  await stack.close();
  await h.close();
});

/** The webhook counters and request metrics so far, by label set. */
async function metricCounts(): Promise<Map<string, number>> {
  const counts = await requestCounts();
  for (const value of (await webhooksReceived.get()).values) counts.set(`webhooks ${JSON.stringify(value.labels)}`, value.value);
  return counts;
}

/** One app on a real port; `served` says, per request, whether the fast path took it. */
const serve = (build: (hub: HubContext, deps: typeof h.deps) => (req: never, res: never) => void, hub: HubContext) =>
  serveApp((logger) => build({ ...hub, logger }, { ...h.deps, logger }));

const signedBy = (secret: string) => (body: string, options: { at?: Date; requestId?: string } = {}): RawRequest => ({
  method: 'POST',
  path: '/webhooks/transcriptions/success',
  body,
  headers: {
    ...signedWebhookHeaders(secret, body, options.at ? { at: options.at } : {}),
    ...(options.requestId ? { 'x-request-id': options.requestId } : {}),
  },
});

const event = (type = 'transcription.completed') => JSON.stringify({ type, data: { transcription_id: randomUUID(), status: 'COMPLETED' } });

interface Case {
  name: string;
  /** Whether the web app's fast path takes every request of the case. */
  fast: boolean;
  /** Builds the case's requests afresh for each app (new webhook ids, same situation). */
  build: (sign: ReturnType<typeof signedBy>) => RawRequest[];
  /** The app's hub answers with a database that refuses connections. */
  deadDatabase?: boolean;
}

const cases: Case[] = [
  { name: 'a valid webhook', fast: true, build: (sign) => [sign(event(), { requestId: 'parity-valid' })] },
  { name: 'a valid webhook without X-Request-Id', fast: true, build: (sign) => [sign(event())] },
  {
    name: 'the same webhook twice (duplicate)',
    fast: true,
    build: (sign) => {
      const hook = sign(event(), { requestId: 'parity-duplicate' });
      return [hook, hook];
    },
  },
  { name: 'a test.ping', fast: true, build: (sign) => [sign(event('test.ping'), { requestId: 'parity-ping' })] },
  {
    name: 'a bad signature',
    fast: true,
    build: (sign) => {
      const hook = sign(event(), { requestId: 'parity-forged' });
      return [{ ...hook, headers: { ...hook.headers, 'webhook-signature': 'v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' } }];
    },
  },
  { name: 'a stale timestamp', fast: true, build: (sign) => [sign(event(), { at: new Date(Date.now() - 600_000), requestId: 'parity-stale' })] },
  { name: 'a signed body without a transcription id (malformed)', fast: true, build: (sign) => [sign(JSON.stringify({ type: 'x', data: {} }), { requestId: 'parity-malformed' })] },
  { name: 'a signed body that is not JSON', fast: true, build: (sign) => [sign('not json at all', { requestId: 'parity-not-json' })] },
  { name: 'a signed body with a NUL character', fast: true, build: (sign) => [sign(JSON.stringify({ data: { transcription_id: randomUUID(), x: '\u0000' } }), { requestId: 'parity-nul' })] },
  { name: 'an empty body', fast: true, build: () => [{ method: 'POST', path: '/webhooks/transcriptions/error', body: '', headers: { 'x-request-id': 'parity-empty' } }] },
  {
    name: 'a signature header repeated, a token twice in the query, the error URL',
    fast: true,
    build: (sign) => {
      const hook = sign(event(), { requestId: 'parity-query' });
      return [{ ...hook, path: '/webhooks/transcriptions/error?token=a&token=b&other=1' }];
    },
  },
  { name: 'no body and no Content-Length', fast: false, build: () => [{ method: 'POST', path: '/webhooks/transcriptions/success', headers: { 'x-request-id': 'parity-no-body' }, bare: true }] },
  { name: 'a body over the limit (413)', fast: false, build: (sign) => [sign(JSON.stringify({ data: { transcription_id: randomUUID() }, pad: 'x'.repeat(70_000) }), { requestId: 'parity-large' })] },
  {
    name: 'a gzipped body',
    fast: false,
    build: (sign) => {
      const hook = sign(event(), { requestId: 'parity-gzip' });
      return [{ ...hook, body: gzipSync(hook.body as string), headers: { ...hook.headers, 'content-encoding': 'gzip' } }];
    },
  },
  { name: 'a chunked body', fast: false, build: (sign) => [{ ...sign(event(), { requestId: 'parity-chunked' }), chunked: true }] },
  { name: 'an unknown receiver path', fast: false, build: (sign) => [{ ...sign(event(), { requestId: 'parity-unknown' }), path: '/webhooks/transcriptions/other' }] },
  { name: 'a path outside the receiver', fast: false, build: (sign) => [{ ...sign(event(), { requestId: 'parity-outside' }), path: '/webhooks/nope' }] },
  { name: 'a trailing slash', fast: false, build: (sign) => [{ ...sign(event(), { requestId: 'parity-slash' }), path: '/webhooks/transcriptions/success/' }] },
  { name: 'an escaped path', fast: false, build: (sign) => [{ ...sign(event(), { requestId: 'parity-escaped' }), path: '/webhooks/transcriptions/succ%65ss' }] },
  { name: 'a PUT', fast: false, build: (sign) => [{ ...sign(event(), { requestId: 'parity-put' }), method: 'PUT' }] },
  { name: 'a GET', fast: false, build: () => [{ method: 'GET', path: '/webhooks/transcriptions/success', headers: { 'x-request-id': 'parity-get' } }] },
  { name: 'a HEAD', fast: false, build: () => [{ method: 'HEAD', path: '/webhooks/transcriptions/success', headers: { 'x-request-id': 'parity-head' } }] },
  { name: 'PostgreSQL unreachable (503, Retry-After)', fast: true, deadDatabase: true, build: (sign) => [sign(event(), { requestId: 'parity-503' })] },
];

describe('the receiver fast path', () => {
  it.each(cases)('answers $name as Express does', async ({ fast, build, deadDatabase }) => {
    const hub = deadDatabase ? { ...stack.hub, db: deadDb } : stack.hub;
    const sign = signedBy(stack.account.webhookSecret);
    const web = await serve((withHub, deps) => createApp(deps, withHub), hub);
    const express = await serve((withHub, deps) => createExpressApp(deps, withHub), hub);
    try {
      const outcomes = [];
      for (const app of [web, express]) {
        const before = await metricCounts();
        const answers = [];
        for (const raw of build(sign)) answers.push(await send(app.port, raw));
        // The access log and the metrics are written once the answer has gone out.
        await new Promise((resolve) => setTimeout(resolve, 50));
        outcomes.push({ answers, metrics: difference(before, await metricCounts()), log: app.lines.map(comparable) });
      }
      const [viaWeb, viaExpress] = outcomes;
      expect(viaWeb?.answers.length).toBeGreaterThan(0);
      // A request id made by the server is a UUID either way; beyond that, the answers are the same bytes.
      for (const answer of [...(viaWeb?.answers ?? []), ...(viaExpress?.answers ?? [])]) {
        const id = answer.headers.find((line) => line.startsWith('X-Request-Id: '));
        expect(id).toMatch(/^X-Request-Id: (parity-[a-z0-9-]+|[0-9a-f-]{36})$/);
        answer.headers = answer.headers.map((line) => line.replace(uuids, '<uuid>'));
      }
      expectSameOutcomes(viaWeb, viaExpress, { web, express, fast });
    } finally {
      await web.close();
      await express.close();
    }
  });

  it('gives the expected answers (the comparison above is not of two wrong ones)', async () => {
    const web = await serve((withHub, deps) => createApp(deps, withHub), stack.hub);
    try {
      const sign = signedBy(stack.account.webhookSecret);
      const hook = sign(event(), { requestId: 'expected-valid' });
      const first = await send(web.port, hook);
      const again = await send(web.port, hook);
      expect(first.status).toBe(202);
      expect(JSON.parse(first.body)).toEqual({ data: { received: true, duplicate: false } });
      expect(first.headers).toEqual([
        'X-Request-Id: expected-valid',
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${first.body.length}`,
        expect.stringMatching(/^ETag: W\/"[0-9a-f]+-[A-Za-z0-9+/]+"$/),
        'Connection: close',
      ]);
      expect(JSON.parse(again.body)).toEqual({ data: { received: true, duplicate: true } });
      const forged = await send(web.port, { ...hook, headers: { ...hook.headers, 'webhook-signature': 'v1,AAAA' } });
      expect(forged.status).toBe(401);
      expect(JSON.parse(forged.body)).toEqual({ error: { code: 'unauthorized', message: expect.stringMatching(/^Webhook signature not verified: /) } });
      const dead = await serve((withHub, deps) => createApp(deps, withHub), { ...stack.hub, db: deadDb });
      try {
        const refused = await send(dead.port, sign(event()));
        expect(refused.status).toBe(503);
        expect(refused.headers).toContain('Retry-After: 5');
        expect(JSON.parse(refused.body)).toEqual({ error: { code: 'unavailable', message: 'Webhook not stored; retry later' } });
      } finally {
        await dead.close();
      }
      expect(web.served).toEqual(['fast', 'fast', 'fast']);
    } finally {
      await web.close();
    }
  });
});
