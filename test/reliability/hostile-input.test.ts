/**
 * Hostile input on every public HTTP surface: the built-in API (and its upload endpoint), the
 * hub's webhook receiver, Slack's interactivity endpoint and the admin API. At least 10,000 generated cases per family; every
 * answer must be a 4xx (or a 2xx for a read) in the error model, never a 5xx, and nothing may be
 * stored. Runs in `npm run test:reliability`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operationContracts } from '../../src/contract/catalog.js';
import { operationAliases, operationNames } from '../../src/contract/operations.js';
import { signSlackRequest } from '../../src/hub/alerts/slack-signature.js';
import { createHarness, type Harness } from '../support/harness.js';
import { adminToken, startHubStack, type HubStack } from '../support/hub-stack.js';
import { seedEvaluatedTranscription } from '../hub/client/support.js';
import { reportScenario } from './support/report-scenario.js';
import { hostileByType, injectionStrings, invalidValuesFor, malformedBodies } from './support/hostile-generators.js';
import { AdminTranscriptionListQuery } from '../../src/hub/admin/routes/transcription-routes.js';

const casesPerFamily = Number(process.env.FUZZ_CASES ?? 10_000);
const slackSigningSecret = 'fuzz-slack-signing-secret-0123456789';
let h: Harness;
let stack: HubStack;
let server: Server;
let base: string;
const valid: Record<string, Record<string, unknown>> = {};

interface Answer {
  status: number;
  body: unknown;
}

async function send(method: string, path: string, body?: string | Buffer, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${base}${path}`, { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON: the assertion below reports it */
  }
  return { status: res.status, body: parsed };
}

const failures: string[] = [];
/** Answers of the current family by status class, printed when it ends. */
const tally = { cases: 0, '2xx': 0, '4xx': 0, '5xx': 0, other: 0 };
const isRead = (op: string) => /^(get|list|analytics|details)/.test(op);
/** Never a 5xx; a non-2xx is the error model; a 2xx only where the request only reads. */
function check(label: string, answer: Answer, mayRead = false): void {
  tally.cases += 1;
  const statusClass = `${Math.floor(answer.status / 100)}xx`;
  if (statusClass === '2xx' || statusClass === '4xx' || statusClass === '5xx') tally[statusClass] += 1;
  else tally.other += 1;
  const isError = answer.status >= 400 && answer.status < 500;
  const errorShaped =
    typeof answer.body === 'object' &&
    answer.body !== null &&
    typeof (answer.body as { error?: { code?: unknown; message?: unknown } }).error?.code === 'string' &&
    typeof (answer.body as { error: { message?: unknown } }).error.message === 'string';
  const ok = (isError && errorShaped) || (mayRead && answer.status >= 200 && answer.status < 300);
  if (!ok && failures.length < 20) failures.push(`${label} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
}

async function counts() {
  const scope = (await stack.hub.upstream()).accountRef;
  const [configurations, evaluators, participants, transcriptions, keys, accounts, receipts, uploads, reportRuns, reviewActions] =
    await Promise.all([
      h.db.configuration.count({ where: { accountId: stack.account.id } }),
      h.db.evaluator.count({ where: { accountId: stack.account.id } }),
      h.db.participant.count({ where: { accountId: stack.account.id } }),
      h.db.transcription.count({ where: { accountId: stack.account.id } }),
      h.db.apiKey.count(),
      h.db.account.count(),
      h.db.hubWebhookReceipt.count(),
      h.db.transcription.count({ where: { accountId: stack.account.id, queuedAt: { not: null } } }),
      h.db.hubReportRun.count({ where: { scope } }),
      h.jobs.queue('hub.apply-review-action').count(),
    ]);
  return { configurations, evaluators, participants, transcriptions, keys, accounts, receipts, uploads, reportRuns, reviewActions };
}

beforeAll(async () => {
  // Limits × 1,000,000: the fuzz is about validation, not the rate limiter.
  h = createHarness({ rateLimitScale: 1_000_000 });
  stack = await startHubStack(h, {
    hub: (defaults) => ({ settings: { ...defaults.settings, slack: { ...defaults.settings.slack, signingSecret: slackSigningSecret } } }),
  });
  server = createServer(stack.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const configuration = (await stack.client.createConfiguration({ tag: 'fuzz' })).configuration!;
  const evaluator = (await stack.client.createEvaluator({ tag: 'fuzz', criteria: [{ name: 'c', type: 'boolean', weight: 1 }] })).evaluator!;
  const participant = (await stack.client.createParticipant({ tag: 'fuzz' })).participant;
  const transcription = await seedEvaluatedTranscription(h.db, stack.account.id);
  const ids = {
    configuration_id: configuration.configuration_id,
    evaluator_id: evaluator.evaluator_id,
    participant_id: participant.participant_id,
    transcription_id: transcription.id,
  };
  // A valid body per operation: each fuzz case breaks exactly one of its fields.
  Object.assign(valid, {
    'create-configuration': { tag: 'x' },
    'get-configuration': { configuration_id: ids.configuration_id },
    'update-configuration': { configuration_id: ids.configuration_id },
    'delete-configuration': { configuration_id: ids.configuration_id },
    'create-evaluator': { tag: 'x', criteria: [] },
    'get-evaluator': { evaluator_id: ids.evaluator_id },
    'update-evaluator': { evaluator_id: ids.evaluator_id },
    'delete-evaluator': { evaluator_id: ids.evaluator_id },
    'create-participant': { tag: 'x' },
    'get-participant': { participant_id: ids.participant_id },
    'update-participant': { participant_id: ids.participant_id },
    'delete-participant': { participant_id: ids.participant_id },
    submit: { configuration_id: ids.configuration_id, url: 'https://example.com/a.wav' },
    'request-upload-url': { configuration_id: ids.configuration_id, filename: 'a.wav' },
    'get-transcription': { transcription_id: ids.transcription_id },
    'update-transcription-group': { transcription_id: ids.transcription_id, group: 'ARCHIVED' },
    'delete-transcription': { transcription_id: ids.transcription_id },
    analytics: {},
    'analytics-evaluator': { evaluator_id: ids.evaluator_id },
    'analytics-participant': { participant_id: ids.participant_id },
  });
}, 60_000);
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await stack.close();
  await h.close();
});

/** Operations whose request has fields to break. */
const withFields = operationNames.filter((op) => invalidValuesFor(operationContracts[op].request).size > 0);
const apiHeaders = () => ({ 'x-api-key': stack.account.key, 'content-type': 'application/json' });

const serviceCase = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(...withFields).chain((op) => {
      const fields = invalidValuesFor(operationContracts[op].request);
      return fc
        .constantFrom(...fields.keys())
        .chain((field) => fields.get(field)!.map((value) => ({ kind: 'field' as const, op, field, value })));
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('raw' as const),
      op: fc.constantFrom<string>(...operationNames, ...Object.keys(operationAliases)),
      body: malformedBodies,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('path' as const),
      path: fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom(...injectionStrings)),
      method: fc.constantFrom('GET', 'PUT', 'DELETE', 'PATCH', 'POST'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('upload' as const),
      id: fc.oneof(fc.uuid(), fc.constantFrom(...injectionStrings)),
      token: fc.string({ maxLength: 60 }),
      body: fc.uint8Array({ maxLength: 500 }),
    }),
  },
);

beforeEach(() => {
  failures.length = 0;
  Object.assign(tally, { cases: 0, '2xx': 0, '4xx': 0, '5xx': 0, other: 0 });
});

/** Prints the family's answers; every family sends at least one checked request per generated case. */
function reportFamily(name: string): void {
  reportScenario(`fuzz ${name}`, { generated: casesPerFamily, ...tally });
  expect(tally['5xx']).toBe(0);
  expect(tally.cases).toBeGreaterThanOrEqual(casesPerFamily * 0.9);
}

describe('the built-in API under hostile input', () => {
  it(`answers ${casesPerFamily} hostile requests with 4xx in the error model, stores nothing`, async () => {
    const before = await counts();
    await fc.assert(
      fc.asyncProperty(serviceCase, async (c) => {
        if (c.kind === 'field') {
          const body = { ...valid[c.op], [c.field]: c.value };
          check(`${c.op} ${c.field}`, await send('POST', `/api/${c.op}`, JSON.stringify(body), apiHeaders()));
        } else if (c.kind === 'raw') {
          // An empty or whitespace body is `{}`, a valid request for a read without parameters.
          check(`${c.op} raw`, await send('POST', `/api/${c.op}`, c.body, apiHeaders()), isRead(c.op));
        } else if (c.kind === 'path') {
          const path = `/api/${encodeURIComponent(c.path)}`;
          const known = (operationNames as string[]).includes(c.path) && c.method === 'POST';
          if (!known) check(`${c.method} ${path}`, await send(c.method, path, '{}', apiHeaders()));
        } else {
          check(
            'upload',
            await send('PUT', `/uploads/${encodeURIComponent(c.id)}?token=${encodeURIComponent(c.token)}`, Buffer.from(c.body)),
          );
        }
      }),
      { numRuns: casesPerFamily },
    );
    reportFamily('built-in API');
    expect(failures).toEqual([]);
    expect(await counts()).toEqual(before);
  }, 600_000);
});

describe('the webhook receiver under hostile input', () => {
  it(`answers ${casesPerFamily} hostile webhooks with 4xx in the error model, stores nothing`, async () => {
    const before = await counts();
    const signer = new Webhook(stack.account.webhookSecret);
    const hostileBody = fc.oneof(
      malformedBodies.map((b) => (Buffer.isBuffer(b) ? b.toString('latin1') : b)),
      fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
      hostileByType.object.map((v) => JSON.stringify({ type: 'x', data: v })),
    );
    const webhookCase = fc.record({
      path: fc.constantFrom('success', 'error', 'other', '../admin'),
      body: hostileBody,
      signing: fc.constantFrom('valid', 'none', 'garbage', 'stale'),
      id: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })),
    });
    await fc.assert(
      fc.asyncProperty(webhookCase, async (c) => {
        const now = c.signing === 'stale' ? new Date(Date.now() - 3_600_000) : new Date();
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (c.signing !== 'none') {
          headers['webhook-id'] = c.id.replace(/[^\x20-\x7e]/g, '') || 'id';
          headers['webhook-timestamp'] = String(Math.floor(now.getTime() / 1000));
          headers['webhook-signature'] = c.signing === 'garbage' ? 'v1,bm9wZQ==' : signer.sign(headers['webhook-id'], now, c.body);
        }
        check(`webhook ${c.path} ${c.signing}`, await send('POST', `/webhooks/transcriptions/${c.path}`, c.body, headers));
      }),
      { numRuns: casesPerFamily },
    );
    reportFamily('webhook receiver');
    expect(failures).toEqual([]);
    expect((await counts()).receipts).toBe(before.receipts);
  }, 600_000);
});

describe("Slack's interactivity endpoint under hostile input", () => {
  it(`answers ${casesPerFamily} hostile interactions with 401 or 4xx in the error model (200 only for a signed one it ignores), queues no action`, async () => {
    const before = await counts();
    const stranger = fc.oneof(fc.uuid(), fc.constantFrom(...injectionStrings));
    // Block actions that name the hub's buttons with values that are not a transcription id, and every other shape.
    const hostileAction = fc.record({
      action_id: fc.oneof(fc.constantFrom('review_start', 'review_archive'), hostileByType.string),
      value: fc.oneof(fc.constantFrom(...injectionStrings, '', 'not-a-uuid'), hostileByType.number),
    });
    const payload = fc.oneof(
      fc
        .record({
          type: fc.constant('block_actions'),
          user: fc.oneof(fc.record({ id: hostileByType.string }), hostileByType.string),
          actions: fc.oneof(fc.array(hostileAction, { maxLength: 5 }), hostileByType.object),
        })
        .map((v) => JSON.stringify(v)),
      fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
      malformedBodies.map((b) => (Buffer.isBuffer(b) ? b.toString('latin1') : b)),
    );
    const form = fc.oneof(
      payload.map((p) => new URLSearchParams({ payload: p }).toString()),
      fc
        .dictionary(fc.string({ maxLength: 20 }), fc.string({ maxLength: 100 }), { maxKeys: 5 })
        .map((d) => new URLSearchParams(d).toString()),
      fc.string({ maxLength: 300 }),
    );
    const seen = { signedIgnored: 0, signedRefused: 0, replaysRefused: 0, unsignedRefused: 0 };
    const slackCase = fc.record({
      body: form,
      signing: fc.constantFrom('valid', 'valid', 'none', 'garbage', 'stale', 'future', 'other-secret'),
      path: fc.constantFrom('interactions', 'interactions', 'events', '../admin/sync'),
      replay: fc.boolean(),
      who: stranger,
    });
    await fc.assert(
      fc.asyncProperty(slackCase, async (c) => {
        const nowSeconds = Math.floor(Date.now() / 1000) + (c.signing === 'stale' ? -3_600 : c.signing === 'future' ? 3_600 : 0);
        const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
        if (c.signing !== 'none') {
          headers['x-slack-request-timestamp'] = String(nowSeconds);
          const secret = c.signing === 'other-secret' ? `${slackSigningSecret}x` : slackSigningSecret;
          headers['x-slack-signature'] =
            c.signing === 'garbage' ? `v0=${c.who.replace(/[^\x20-\x7e]/g, '')}` : signSlackRequest(secret, nowSeconds, c.body);
        }
        const path = `/slack/${c.path}`;
        const answer = await send('POST', path, c.body, headers);
        const isSigned = c.signing === 'valid' && c.path === 'interactions';
        // Slack gets an empty 200 for an interaction it signed that the hub ignores; anything else is refused in the error model.
        if (isSigned && answer.status === 200) {
          seen.signedIgnored += 1;
          tally.cases += 1;
          tally['2xx'] += 1;
          if (c.replay) {
            const again = await send('POST', path, c.body, headers);
            if (again.status !== 401 && failures.length < 20) failures.push(`slack replay answered ${again.status}, expected 401`);
            seen.replaysRefused += 1;
          }
          return;
        }
        check(`slack ${c.path} ${c.signing}`, answer);
        if (isSigned) seen.signedRefused += 1;
        else seen.unsignedRefused += 1;
        // Unsigned: refused (401), unknown (404), or too big to read before the signature can be checked (413).
        if (!isSigned && ![401, 404, 413].includes(answer.status) && failures.length < 20)
          failures.push(`slack ${c.path} ${c.signing} → ${answer.status}, expected 401, 404 or 413`);
      }),
      { numRuns: casesPerFamily },
    );
    reportFamily('Slack interactivity');
    expect(failures).toEqual([]);
    // Every kind of case happened: signed ones past the signature (ignored, or refused as malformed), replays, unsigned ones.
    for (const [kind, n] of Object.entries(seen)) expect(n, kind).toBeGreaterThan(0);
    expect(await counts()).toEqual(before);
  }, 600_000);
});

describe('the admin API under hostile input', () => {
  it(`answers ${casesPerFamily} hostile requests with 4xx in the error model (2xx only for reads), stores nothing`, async () => {
    const before = await counts();
    const value = fc.oneof(fc.constantFrom(...injectionStrings), fc.string({ maxLength: 80 }), fc.integer().map(String));
    const auth = fc.constantFrom('valid', 'valid', 'valid', 'none', 'wrong');
    const adminCase = fc.oneof(
      fc.record({
        kind: fc.constant('list' as const),
        auth,
        query: fc.dictionary(fc.constantFrom(...Object.keys(AdminTranscriptionListQuery.shape)), value, { maxKeys: 4 }),
      }),
      fc.record({
        kind: fc.constant('byId' as const),
        auth,
        id: value,
        route: fc.constantFrom(
          'GET /transcriptions/',
          'POST /transcriptions/{}/group',
          'POST /keys/{}/deactivate',
          'DELETE /keys/',
          'GET /accounts/',
          'GET /queues/{}/failed',
          'DELETE /queues/hub.reconcile/jobs/',
          'POST /queues/{}/jobs/x/retry',
          'POST /alerts/{}/retry',
          'PUT /alert-routes/',
          'DELETE /alert-routes/',
          'GET /reports/runs?month=',
          'GET /alerts?status=',
        ),
      }),
      fc.record({
        kind: fc.constant('body' as const),
        auth,
        route: fc.constantFrom(
          '/accounts',
          '/transcriptions/00000000-0000-4000-8000-000000000000/group',
          '/api/create-participant',
          '/api/submit',
          '/api/get-transcription',
          '/reports/runs',
          '/alerts/test',
          '/alerts/00000000-0000-4000-8000-000000000000/retry',
        ),
        body: fc.oneof(
          malformedBodies,
          fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
          fc
            .record({
              name: hostileByType.object,
              group: value,
              tag: hostileByType.number,
              kind: value,
              period: value,
              channel: value,
              export: hostileByType.string,
            })
            .map((v) => JSON.stringify(v)),
        ),
      }),
      fc.record({ kind: fc.constant('op' as const), auth, op: value }),
    );
    await fc.assert(
      fc.asyncProperty(adminCase, async (c) => {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (c.auth === 'valid') headers.authorization = `Bearer ${adminToken}`;
        if (c.auth === 'wrong') headers.authorization = `Bearer ${adminToken}x`;
        if (c.kind === 'list') {
          check(
            'admin list',
            await send('GET', `/admin/transcriptions?${new URLSearchParams(c.query).toString()}`, undefined, headers),
            true,
          );
        } else if (c.kind === 'byId') {
          const [method, pattern] = c.route.split(' ') as [string, string];
          const path = pattern.includes('{}') ? pattern.replace('{}', encodeURIComponent(c.id)) : `${pattern}${encodeURIComponent(c.id)}`;
          check(`admin ${method} ${pattern}`, await send(method, `/admin${path}`, '{}', headers), method === 'GET');
        } else if (c.kind === 'body') {
          // A test message with nothing broken ({} or unknown members) is posted to the log: a success that stores nothing.
          check(`admin body ${c.route}`, await send('POST', `/admin${c.route}`, c.body, headers), c.route === '/alerts/test');
        } else {
          check('admin op', await send('POST', `/admin/api/${encodeURIComponent(c.op)}`, '{}', headers));
        }
      }),
      { numRuns: casesPerFamily },
    );
    reportFamily('admin API');
    expect(failures).toEqual([]);
    expect(await counts()).toEqual(before);
  }, 600_000);
});

describe('cross-account access', () => {
  it("answers 404 on every operation that names another account's resource", async () => {
    const stranger = await h.createAccount();
    const targets = Object.entries(valid).filter(([, body]) => Object.keys(body).some((k) => k.endsWith('_id')));
    expect(targets.map(([op]) => op).sort()).toHaveLength(16); // every operation that names a resource
    for (const [op, body] of targets) {
      const answer = await send('POST', `/api/${op}`, JSON.stringify(body), {
        'x-api-key': stranger.key,
        'content-type': 'application/json',
      });
      expect(answer.status, op).toBe(404);
    }
    const aliases = await send('POST', '/api/details', JSON.stringify(valid['get-transcription']), { 'x-api-key': stranger.key });
    expect(aliases.status).toBe(404);
    expect(operationNames.length).toBe(24);
  });
});
