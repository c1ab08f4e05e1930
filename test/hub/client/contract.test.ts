/**
 * Contract tests: every client method against the running built-in service (createApp on a real
 * port). Each answer must be exactly what the shared contract describes: the client's result is
 * the schema's parse of the wire `data`, and that parse adds nothing (the service sends every
 * member, so no default was needed), with the operation's success status.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationContracts } from '../../../src/contract/catalog.js';
import {
  canonicalOperation,
  clientMethods,
  createConversationClient,
  operationTraits,
  UpstreamError,
  type ClientMethodName,
  type ConversationClient,
} from '../../../src/hub/client/index.js';
import { createHarness, type Harness, type TestAccount } from '../../support/harness.js';
import { seedEvaluatedTranscription } from '../../support/seed.js';
import { pacedTestClient, recordingGot, serveBuiltIn, type WireAnswer } from './support.js';
import { closeInOrder } from '../../support/close-in-order.js';

let h: Harness;
let service: { baseUrl: string; close: () => Promise<void> };
beforeAll(async () => {
  h = createHarness(); // limits × 100, so a few creates in a row are not paced for seconds
  service = await serveBuiltIn(h);
});
afterAll(() => closeInOrder(service, h));

interface Context {
  account: TestAccount;
  client: ConversationClient;
  answers: WireAnswer[];
}

function clientFor(account: TestAccount) {
  const wire = recordingGot();
  const client = pacedTestClient(service.baseUrl, account.key, h.redis, { got: wire.got });
  return { client, answers: wire.answers };
}

type Input<M extends ClientMethodName> = Parameters<ConversationClient[M]>[0];
type Output<M extends ClientMethodName> = Awaited<ReturnType<ConversationClient[M]>>;

interface Row {
  method: ClientMethodName;
  input: (ctx: Context) => Promise<unknown>;
  check?: (data: never, ctx: Context) => void | Promise<void>;
}

const row = <M extends ClientMethodName>(
  method: M,
  input: (ctx: Context) => Promise<Input<M>>,
  check?: (data: Output<M>, ctx: Context) => void | Promise<void>,
): Row => ({ method, input, check });

// Small builders, through the client itself.
const newConfiguration = async ({ client }: Context) =>
  (await client.createConfiguration({ tag: 'Support', vocabulary: ['refund'] })).configuration!;
const newEvaluator = async ({ client }: Context) =>
  (await client.createEvaluator({ tag: 'QA', criteria: [{ name: 'Greets', type: 'boolean', weight: 10 }] })).evaluator!;
const newParticipant = async ({ client }: Context) =>
  (await client.createParticipant({ tag: 'Ana', metadata: { team: 'north' } })).participant;
const seeded = async ({ account }: Context) => seedEvaluatedTranscription(h.db, account.id);

const rows: Row[] = [
  row(
    'createConfiguration',
    async () => ({ tag: 'Support', summary: true, extraction_fields: [{ name: 'order_id', type: 'string' }] }),
    (data) => {
      expect(data.configuration?.summary).toBe(true);
    },
  ),
  row(
    'getConfiguration',
    async (ctx) => ({ configuration_id: (await newConfiguration(ctx)).configuration_id }),
    (data) => {
      expect(data.configuration.vocabulary).toEqual(['refund']);
    },
  ),
  row(
    'listConfigurations',
    async (ctx) => (await newConfiguration(ctx), {}),
    (data) => expect(data.total_configurations).toBe(1),
  ),
  row(
    'getConfigurations',
    async (ctx) => (await newConfiguration(ctx), {}),
    (data) => expect(data.configurations).toHaveLength(1),
  ),
  row(
    'updateConfiguration',
    async (ctx) => ({ configuration_id: (await newConfiguration(ctx)).configuration_id, tag: 'Sales' }),
    (data) => {
      expect(data.configuration?.tag).toBe('Sales');
    },
  ),
  row('deleteConfiguration', async (ctx) => ({ configuration_id: (await newConfiguration(ctx)).configuration_id })),
  row(
    'createEvaluator',
    async () => ({ tag: 'QA', criteria: [{ name: 'No promises', type: 'strict', weight: 5 }] }),
    (data) => {
      expect(data.evaluator?.criteria[0]).toMatchObject({ type: 'strict', weight: 0 });
    },
  ),
  row(
    'getEvaluator',
    async (ctx) => ({ evaluator_id: (await newEvaluator(ctx)).evaluator_id }),
    (data) => expect(data.tag).toBe('QA'),
  ),
  row(
    'listEvaluators',
    async (ctx) => (await newEvaluator(ctx), {}),
    (data) => expect(data.count).toBe(1),
  ),
  row(
    'updateEvaluator',
    async (ctx) => ({ evaluator_id: (await newEvaluator(ctx)).evaluator_id, context: 'Inbound support calls' }),
    (data) => {
      expect(data.evaluator.context).toBe('Inbound support calls');
    },
  ),
  row('deleteEvaluator', async (ctx) => ({ evaluator_id: (await newEvaluator(ctx)).evaluator_id })),
  row(
    'createParticipant',
    async () => ({ tag: ' Ana ', metadata: { level: 3 } }),
    (data) => {
      expect(data.participant).toMatchObject({ tag: 'Ana', metadata: { level: '3' } });
    },
  ),
  row(
    'getParticipant',
    async (ctx) => ({ participant_id: (await newParticipant(ctx)).participant_id }),
    (data) => {
      expect(data.participant?.metadata).toEqual({ team: 'north' });
    },
  ),
  row(
    'listParticipants',
    async (ctx) => (await newParticipant(ctx), {}),
    (data) => expect(data.count).toBe(1),
  ),
  row(
    'updateParticipant',
    async (ctx) => ({ participant_id: (await newParticipant(ctx)).participant_id, metadata: {} }),
    (data) => {
      expect(data.participant.metadata).toEqual({});
    },
  ),
  row('deleteParticipant', async (ctx) => ({ participant_id: (await newParticipant(ctx)).participant_id })),
  row(
    'submit',
    async (ctx) => ({ configuration_id: (await newConfiguration(ctx)).configuration_id, url: 'https://example.com/call.mp3' }),
    (data) => {
      expect(data.message).toBe('Transcription submitted successfully');
    },
  ),
  row(
    'requestUploadUrl',
    async (ctx) => ({ configuration_id: (await newConfiguration(ctx)).configuration_id, filename: 'call.mp3' }),
    (data) => {
      expect(data.upload_url).toContain(`/uploads/${data.transcription_id}?token=`);
    },
  ),
  row(
    'listTranscriptions',
    async (ctx) => (await seeded(ctx), {}),
    (data) => {
      expect(data.statistics).toEqual({ completed: 1, failed: 0, in_progress: 0 });
      expect(data.transcriptions[0].qa).toMatchObject({ score: 100, critical_fail: true, participant_tag: 'Ana' });
    },
  ),
  row(
    'getTranscription',
    async (ctx) => ({ transcription_id: (await seeded(ctx)).id }),
    (data) => {
      expect(data.details.evaluation?.breakdown?.results.map((r) => r.status)).toEqual(['PASS', 'FAIL']);
    },
  ),
  row(
    'details',
    async (ctx) => ({ transcription_id: (await seeded(ctx)).id }),
    (data) => expect(data.status).toBe('COMPLETED'),
  ),
  row(
    'updateTranscriptionGroup',
    async (ctx) => ({ transcription_id: (await seeded(ctx)).id, group: 'UNDER_REVIEW' }),
    (data) => {
      expect(data.transcription.group).toBe('UNDER_REVIEW');
    },
  ),
  row('deleteTranscription', async (ctx) => ({ transcription_id: (await seeded(ctx)).id })),
  row(
    'analytics',
    async (ctx) => (await seeded(ctx), {}),
    (data) => {
      expect(data.kpis).toMatchObject({ total_calls: 1, total_critical_fails: 1 });
      expect(data.raw_data).toHaveLength(1);
    },
  ),
  row(
    'analyticsEvaluator',
    async (ctx) => ({ evaluator_id: (await seeded(ctx)).evaluatorId! }),
    (data) => {
      expect(data.kpis.total_calls).toBe(1);
      expect(data.criteria_breakdown.length).toBeGreaterThan(0);
    },
  ),
  row(
    'analyticsParticipant',
    async (ctx) => ({ participant_id: (await seeded(ctx)).participantId!, start_date: '2020-01-01' }),
    (data) => {
      expect(data.metadata.filtered).toBe(true);
      expect(data.trend.direction).toBe('insufficient_data');
    },
  ),
];

describe('every client method against the built-in service', () => {
  it('has one row per method', () => {
    expect(rows.map((r) => r.method).sort()).toEqual(Object.keys(clientMethods).sort());
  });

  for (const r of rows) {
    const operation = clientMethods[r.method];
    it(`${r.method} → /${operation}`, async () => {
      const account = await h.createAccount();
      const ctx: Context = { account, ...clientFor(account) };
      const input = await r.input(ctx);
      const data = await (ctx.client[r.method] as (this: ConversationClient, input: unknown) => Promise<unknown>).call(ctx.client, input);

      const wire = ctx.answers.filter((a) => a.operation === operation);
      expect(wire).toHaveLength(1);
      const canonical = canonicalOperation(operation);
      expect(wire[0].status).toBe(operationTraits[canonical].successStatus);
      const raw = (JSON.parse(wire[0].text) as { data: unknown }).data;
      expect(operationContracts[canonical].response.parse(raw)).toEqual(raw);
      expect(data).toEqual(raw);
      await r.check?.(data as never, ctx);
    });
  }
});

describe('errors from the built-in service', () => {
  it("404 is a typed not_found with the service's message and request id", async () => {
    const account = await h.createAccount();
    const { client } = clientFor(account);
    const id = randomUUID();
    const error = await client.getParticipant({ participant_id: id }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).toJSON()).toMatchObject({
      kind: 'not_found',
      operation: 'get-participant',
      status: 404,
      code: 'not_found',
      attempts: 1,
      retryable: false,
    });
    expect((error as UpstreamError).message).toMatch(/not found/i);
    expect((error as UpstreamError).requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a wrong key is a typed forbidden', async () => {
    const client = createConversationClient({ baseUrl: service.baseUrl, apiKey: 'cq_wrong', rateLimitScale: 100 });
    await expect(client.listParticipants()).rejects.toMatchObject({ kind: 'forbidden', status: 403, message: 'Invalid API key' });
  });

  it('a rule only the service knows comes back as its 400, typed, and is not retried', async () => {
    const account = await h.createAccount();
    const { client, answers } = clientFor(account);
    const evaluator = await newEvaluator({ account, client, answers });
    const error = await client
      .updateEvaluator({
        evaluator_id: evaluator.evaluator_id,
        criteria: [{ id: randomUUID(), name: 'Greets', type: 'boolean', weight: 1 }],
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'invalid_request', status: 400, code: 'invalid_value', attempts: 1, retryable: false });
    expect(answers.map((a) => a.status)).toEqual([201, 400]);
  });
});
