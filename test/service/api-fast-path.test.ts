/**
 * The API's fast path (api-fast-path.ts) answers exactly as Express's API router does: the same
 * requests, each built afresh for each app (a new account with the same data), sent to the web app
 * (createApp: the fast path in front of Express) and to the same app with every request through
 * Express (createExpressApp), and compared: status, body, every header but Date in order (ids and
 * times made per account masked, the ETag checked against its own body first), the log lines
 * (access log, error answers), and the request metrics they add. Also checked: which requests the
 * fast path took (a response whose prototype Express never swapped) and which it left to Express.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, createExpressApp } from '../../src/app.js';
import { recordMonthlyQuotaUse } from '../../src/service/quotas/monthly-quota-ledger.js';
import {
  comparableLogLine,
  countDifference,
  expectSameOutcomes,
  requestCounts,
  sendRaw,
  serveApp,
  uuids,
  type RawAnswer,
  type RawRequest,
} from '../support/front-path-parity.js';
import { createHarness, type Harness } from '../support/harness.js';
import { seedConfiguration, seedEvaluatedTranscription, seedTranscription } from '../support/seed.js';

const clock = new Date('2026-11-20T12:00:00Z');
let h: Harness;
beforeAll(() => {
  // The spec's limits, so that a few calls reach a 429; a fixed clock for the quota's Retry-After.
  h = createHarness({ rateLimitScale: 1, now: () => clock });
});
afterAll(async () => {
  await h.close();
});

/** One account's data, the same for both apps but for its ids. */
interface Account {
  key: string;
  configurationId: string;
  transcriptionId: string;
  evaluatorId: string;
}

async function prepareAccount(options: { quotaUsed?: number }): Promise<Account> {
  const account = await h.createAccount();
  const configuration = await seedConfiguration(h.db, account.id, { tag: 'parity', vocabulary: ['refund'], createdAt: clock });
  const evaluated = await seedEvaluatedTranscription(h.db, account.id);
  await seedTranscription(h.db, account.id, { name: 'Call 7', createdAt: new Date('2026-02-04T09:00:00Z'), updatedAt: new Date('2026-02-04T09:00:00Z') });
  if (options.quotaUsed !== undefined) {
    await recordMonthlyQuotaUse(h.db, { accountId: account.id, operation: 'analytics', month: '2026-11-01', used: options.quotaUsed });
  }
  return { key: account.key, configurationId: configuration.id, transcriptionId: evaluated.id, evaluatorId: evaluated.evaluatorId as string };
}

const json = (value: unknown) => JSON.stringify(value);

/** POST /api/<operation> with the key and a JSON body, as the client sends it. */
const call = (account: Account, operation: string, body: unknown, requestId?: string, extra: Record<string, string> = {}): RawRequest => ({
  method: 'POST',
  path: `/api/${operation}`,
  body: typeof body === 'string' || Buffer.isBuffer(body) ? body : json(body),
  headers: { 'content-type': 'application/json', 'x-api-key': account.key, ...(requestId ? { 'x-request-id': requestId } : {}), ...extra },
});

interface Case {
  name: string;
  /** Whether the web app's fast path takes every request of the case. */
  fast: boolean;
  build: (account: Account) => RawRequest[];
  /** The account's analytics calls already used this month. */
  quotaUsed?: number;
  /**
   * The limits' scale for this case instead of the spec's (1): both apps then decide on a limit
   * whose refill is far slower than the case's requests, so a token refilled between two requests
   * (a slow, loaded machine) cannot make the two apps' counters differ.
   */
  rateLimitScale?: number;
  /** The statuses the case must produce (so a case meant to pass a limit does pass it). */
  statuses?: number[];
}

const getConfiguration = (account: Account) => ({ configuration_id: account.configurationId });
const cases: Case[] = [
  { name: 'get-configuration (overlaps the rate limit)', fast: true, build: (a) => [call(a, 'get-configuration', getConfiguration(a), 'p-get')] },
  { name: 'get-configuration without X-Request-Id', fast: true, build: (a) => [call(a, 'get-configuration', getConfiguration(a))] },
  { name: 'get-configuration of an unknown id (the handler\'s 404)', fast: true, build: (a) => [call(a, 'get-configuration', { configuration_id: '5f0c8d5e-8a4b-4c1e-9a77-2b8f8a1d0c11' }, 'p-404')] },
  { name: 'get-configuration with a bad id (schema error)', fast: true, build: (a) => [call(a, 'get-configuration', { configuration_id: 'abc' }, 'p-schema')] },
  { name: 'get-configuration with an unknown field', fast: true, build: (a) => [call(a, 'get-configuration', { ...getConfiguration(a), configuraton: 1 }, 'p-unknown-field')] },
  { name: 'create-participant (201, a write)', fast: true, build: (a) => [call(a, 'create-participant', { tag: 'Ana Lopez', metadata: { team: 'north' } }, 'p-create')] },
  { name: 'list-transcriptions (written in pieces)', fast: true, build: (a) => [call(a, 'list-transcriptions', {}, 'p-list')] },
  { name: 'get-transcription by its alias details', fast: true, build: (a) => [call(a, 'details', { transcription_id: a.transcriptionId }, 'p-alias')] },
  { name: 'list-configurations by its alias get-configurations', fast: true, build: (a) => [call(a, 'get-configurations', {}, 'p-alias-list')] },
  { name: 'analytics (rate limit and monthly quota)', fast: true, build: (a) => [call(a, 'analytics', {}, 'p-analytics')] },
  { name: 'analytics with the month\'s quota used (429 quota_exceeded, Retry-After)', fast: true, quotaUsed: 30, build: (a) => [call(a, 'analytics', {}, 'p-quota')] },
  { name: 'analytics-evaluator (quota, written in pieces)', fast: true, build: (a) => [call(a, 'analytics-evaluator', { evaluator_id: a.evaluatorId }, 'p-analytics-evaluator')] },
  { name: 'analytics with bad dates after the quota counted', fast: true, build: (a) => [call(a, 'analytics', { start_date: 'yesterday' }, 'p-analytics-dates')] },
  {
    name: 'create-participant past its burst (429, Retry-After, counters)',
    fast: true,
    build: (a) => [0, 1, 2, 3].map((i) => call(a, 'create-participant', { tag: `P${i}` }, `p-burst-${i}`)),
  },
  {
    // At a tenth of the spec's limits: 50 a minute (a token every 1.2 s) and a burst of 2.
    name: 'get-configuration past its burst, overlapping reads dropped',
    fast: true,
    rateLimitScale: 0.1,
    statuses: [400, 200, 429, 429, 429, 429, 429],
    build: (a) => Array.from({ length: 7 }, (_, i) => call(a, 'get-configuration', i % 2 ? getConfiguration(a) : { configuration_id: 'bad' }, `p-get-burst-${i}`)),
  },
  { name: 'a missing key', fast: true, build: (a) => [{ ...call(a, 'get-configuration', getConfiguration(a), 'p-no-key'), headers: { 'content-type': 'application/json', 'x-request-id': 'p-no-key' } }] },
  {
    name: 'the key in Authorization',
    fast: true,
    build: (a) => [{ ...call(a, 'get-configuration', getConfiguration(a), 'p-authorization'), headers: { authorization: `Bearer ${a.key}`, 'x-request-id': 'p-authorization' } }],
  },
  { name: 'an invalid key', fast: true, build: (a) => [call({ ...a, key: 'cq_wrong' }, 'list-transcriptions', {}, 'p-wrong-key')] },
  { name: 'an invalid key with a body that is not JSON (403 first)', fast: true, build: (a) => [call({ ...a, key: 'cq_wrong' }, 'submit', '{nope', 'p-wrong-key-json')] },
  { name: 'a body that is not JSON', fast: true, build: (a) => [call(a, 'get-configuration', '{"configuration_id":', 'p-invalid-json')] },
  { name: 'a body that is not JSON (not overlapping)', fast: true, build: (a) => [call(a, 'create-participant', 'tag=x', 'p-invalid-json-write')] },
  { name: 'an empty body (Content-Length: 0)', fast: true, build: (a) => [call(a, 'get-configuration', '', 'p-empty'), call(a, 'list-transcriptions', '', 'p-empty-list')] },
  { name: 'whitespace only', fast: true, build: (a) => [call(a, 'list-transcriptions', ' \n', 'p-whitespace')] },
  { name: 'a JSON null, an array, a number', fast: true, build: (a) => [call(a, 'list-transcriptions', 'null', 'p-null'), call(a, 'list-transcriptions', '[]', 'p-array'), call(a, 'create-participant', '7', 'p-number')] },
  { name: 'a byte-order mark before the JSON', fast: true, build: (a) => [call(a, 'get-configuration', `\ufeff${json(getConfiguration(a))}`, 'p-bom')] },
  { name: 'bytes that are not UTF-8 in a string', fast: true, build: (a) => [call(a, 'create-participant', Buffer.concat([Buffer.from('{"tag":"A'), Buffer.from([0xff, 0xc3]), Buffer.from('"}')]), 'p-latin')] },
  { name: 'a NUL character in a string', fast: true, build: (a) => [call(a, 'create-participant', { tag: 'a\u0000b' }, 'p-nul')] },
  { name: 'JSON nested too deep', fast: true, build: (a) => [call(a, 'create-participant', `{"tag":"x","metadata":${'{"a":'.repeat(40)}1${'}'.repeat(40)}}`, 'p-deep')] },
  { name: 'text/plain (parsed as JSON all the same)', fast: true, build: (a) => [call(a, 'get-configuration', getConfiguration(a), 'p-text', { 'content-type': 'text/plain' })] },
  {
    name: 'no Content-Type',
    fast: true,
    build: (a) => {
      const request = call(a, 'get-configuration', getConfiguration(a), 'p-no-type');
      return [{ ...request, headers: { 'x-api-key': a.key, 'x-request-id': 'p-no-type' } }];
    },
  },
  { name: 'application/json; charset=utf-8', fast: true, build: (a) => [call(a, 'get-configuration', getConfiguration(a), 'p-utf8', { 'content-type': 'application/json; charset=UTF-8' })] },
  { name: 'a query string', fast: true, build: (a) => [{ ...call(a, 'get-configuration', getConfiguration(a), 'p-query'), path: '/api/get-configuration?api_key=secret&x=1' }] },
  { name: 'a repeated x-api-key', fast: true, build: (a) => [call(a, 'list-transcriptions', {}, 'p-two-keys', { 'x-api-key': `${a.key}, ${a.key}` })] },
  // Left to Express:
  { name: 'charset=latin1 (415 from body-parser)', fast: false, build: (a) => [call(a, 'get-configuration', getConfiguration(a), 'p-latin1', { 'content-type': 'application/json; charset=latin1' })] },
  { name: 'charset=utf-16le', fast: false, build: (a) => [call(a, 'list-transcriptions', Buffer.from('{}', 'utf16le'), 'p-utf16', { 'content-type': 'application/json; charset=utf-16le' })] },
  { name: 'a trailing slash', fast: false, build: (a) => [{ ...call(a, 'get-configuration', getConfiguration(a), 'p-slash'), path: '/api/get-configuration/' }] },
  { name: 'another capitalisation', fast: false, build: (a) => [{ ...call(a, 'get-configuration', getConfiguration(a), 'p-case'), path: '/api/Get-Configuration' }] },
  { name: 'an escaped path', fast: false, build: (a) => [{ ...call(a, 'get-configuration', getConfiguration(a), 'p-escaped'), path: '/api/get-configur%61tion' }] },
  { name: 'an unknown operation', fast: false, build: (a) => [call(a, 'get-nothing', {}, 'p-unknown')] },
  { name: 'a chunked body', fast: false, build: (a) => [{ ...call(a, 'get-configuration', getConfiguration(a), 'p-chunked'), chunked: true }] },
  {
    name: 'a gzipped body',
    fast: false,
    build: (a) => {
      const request = call(a, 'get-configuration', getConfiguration(a), 'p-gzip', { 'content-encoding': 'gzip' });
      return [{ ...request, body: gzipSync(request.body as string) }];
    },
  },
  { name: 'a body over the limit (413)', fast: false, build: (a) => [call(a, 'create-participant', { tag: 'x', metadata: { pad: 'x'.repeat(1_100_000) } }, 'p-large')] },
  { name: 'no body and no Content-Length', fast: false, build: (a) => [{ ...call(a, 'list-transcriptions', {}, 'p-bare'), body: undefined, bare: true }] },
  { name: 'a GET', fast: false, build: (a) => [{ ...call(a, 'get-configuration', {}, 'p-get-method'), method: 'GET', body: undefined }] },
  { name: 'a HEAD', fast: false, build: (a) => [{ ...call(a, 'get-configuration', {}, 'p-head'), method: 'HEAD', body: undefined }] },
  { name: 'an OPTIONS', fast: false, build: (a) => [{ ...call(a, 'get-configuration', {}, 'p-options'), method: 'OPTIONS', body: undefined }] },
  { name: 'GET /api/openapi.json', fast: false, build: (a) => [{ ...call(a, 'openapi.json', {}, 'p-openapi'), method: 'GET', body: undefined }] },
];

/** Express's weak ETag of a body (the `etag fn` of an app left at its defaults). */
function weakEtag(body: string): string {
  const bytes = Buffer.from(body, 'utf8');
  if (bytes.length === 0) return 'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"';
  return `W/"${bytes.length.toString(16)}-${createHash('sha1').update(bytes).digest('base64').slice(0, 27)}"`;
}

const isoTimes = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g;

/** An answer with what differs from one account to the other masked: ids, times; its ETag checked against its own body first. */
function comparableAnswer(answer: RawAnswer, method: string) {
  const etag = answer.headers.find((line) => line.startsWith('ETag: '));
  // A HEAD's answer has the ETag of the body it does not send.
  if (etag && method !== 'HEAD') expect(etag).toBe(`ETag: ${weakEtag(answer.body)}`);
  const id = answer.headers.find((line) => line.startsWith('X-Request-Id: '));
  expect(id).toMatch(/^X-Request-Id: (p-[a-z0-9-]+|[0-9a-f-]{36})$/);
  return {
    status: answer.status,
    headers: answer.headers.map((line) => (line.startsWith('ETag: ') ? 'ETag: <of the body>' : line.replace(uuids, '<uuid>'))),
    body: answer.body.replace(uuids, '<uuid>').replace(isoTimes, '<time>'),
  };
}

describe('the API fast path', () => {
  it.each(cases)('answers $name as Express does', async ({ fast, build, quotaUsed, rateLimitScale, statuses }) => {
    const deps = rateLimitScale ? { ...h.deps, settings: { ...h.deps.settings, rateLimitScale } } : h.deps;
    const web = await serveApp((logger) => createApp({ ...deps, logger }));
    const express = await serveApp((logger) => createExpressApp({ ...deps, logger }));
    try {
      const outcomes = [];
      for (const app of [web, express]) {
        const account = await prepareAccount({ quotaUsed });
        const before = await requestCounts();
        const answers = [];
        for (const raw of build(account)) answers.push(comparableAnswer(await sendRaw(app.port, raw), raw.method));
        // The access log and the metrics are written once the answer has gone out.
        await new Promise((resolve) => setTimeout(resolve, 50));
        outcomes.push({ answers, metrics: countDifference(before, await requestCounts()), log: app.lines.map(comparableLogLine) });
      }
      const [viaWeb, viaExpress] = outcomes;
      expect(viaWeb?.answers.length).toBeGreaterThan(0);
      if (statuses) expect(viaWeb?.answers.map((answer) => answer.status)).toEqual(statuses);
      expectSameOutcomes(viaWeb, viaExpress, { web, express, fast });
    } finally {
      await web.close();
      await express.close();
    }
  });

  it('gives the expected answers (the comparison above is not of two wrong ones)', async () => {
    const web = await serveApp((logger) => createApp({ ...h.deps, logger }));
    try {
      const account = await prepareAccount({ quotaUsed: 30 });
      const found = await sendRaw(web.port, call(account, 'get-configuration', getConfiguration(account), 'expected-get'));
      expect(found.status).toBe(200);
      expect(JSON.parse(found.body)).toMatchObject({ data: { configuration: { configuration_id: account.configurationId, tag: 'parity' } } });
      expect(found.headers).toEqual([
        'X-Request-Id: expected-get',
        'X-RateLimit-Limit: 500',
        'X-RateLimit-Remaining: 16',
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(found.body)}`,
        `ETag: ${weakEtag(found.body)}`,
        'Connection: close',
      ]);
      const listed = await sendRaw(web.port, call(account, 'list-transcriptions', {}, 'expected-list'));
      expect(JSON.parse(listed.body).data.transcriptions).toHaveLength(2);
      expect(listed.headers.some((line) => line.startsWith('ETag'))).toBe(false);
      const quota = await sendRaw(web.port, call(account, 'analytics', {}, 'expected-quota'));
      expect(quota.status).toBe(429);
      expect(quota.headers).toContain(`Retry-After: ${10 * 86_400 + 12 * 3_600}`);
      expect(JSON.parse(quota.body)).toEqual({ error: { code: 'quota_exceeded', message: 'Monthly quota of 30 analytics calls exhausted; resets 2026-12-01T00:00:00Z' } });
      const invalid = await sendRaw(web.port, call(account, 'get-configuration', '{', 'expected-invalid'));
      expect(invalid.status).toBe(400);
      expect(JSON.parse(invalid.body)).toEqual({ error: { code: 'invalid_json', message: 'Invalid JSON format' } });
      const burst = [];
      for (let i = 0; i < 4; i += 1) burst.push(await sendRaw(web.port, call(account, 'create-participant', { tag: `B${i}` }, `expected-burst-${i}`)));
      expect(burst.map((answer) => answer.status)).toEqual([201, 201, 429, 429]);
      expect(burst[3]?.headers.slice(0, 4)).toEqual(['X-Request-Id: expected-burst-3', 'X-RateLimit-Limit: 10', 'X-RateLimit-Remaining: 0', expect.stringMatching(/^Retry-After: [1-6]$/)]);
      expect(web.served.every((path) => path === 'fast')).toBe(true);
    } finally {
      await web.close();
    }
  });
});
