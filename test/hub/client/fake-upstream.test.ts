/**
 * The client against a fake upstream that fails on purpose: retries, Retry-After, time-outs,
 * answers that are not JSON or not the contract, and the leniency a real upstream needs.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createConversationClient, type ConversationClientOptions } from '../../../src/hub/client/index.js';
import { freePort } from '../../support/processes.js';
import { fakeUpstreamClient, upstreamFailure, useFakeUpstream } from './support.js';
import { errorWire, participantWire, transcriptionWire } from '../../fakes/wire-fixtures.js';

const fake = useFakeUpstream();

const clientFor = (options: Partial<ConversationClientOptions> = {}) => fakeUpstreamClient(fake, 150, options);

const failure = upstreamFailure;

const rateLimited = (headers: Record<string, string> = {}) => ({
  status: 429,
  json: errorWire('rate_limited', 'Rate limit exceeded for get-transcription: 500 requests per minute'),
  headers,
});

describe('what goes on the wire', () => {
  it("posts the caller's own JSON to <baseUrl>/<operation> with x-api-key and application/json", async () => {
    const participant = participantWire({ tag: '  Ana  ', metadata: { level: '3' } });
    fake.script('create-participant', { status: 201, json: { data: { message: 'Participant created', participant } } });
    const result = await clientFor().createParticipant({ tag: '  Ana  ', metadata: { level: 3 } });
    expect(result.participant).toEqual(participant);
    const [sent] = fake.requestsFor('create-participant').slice(-1);
    expect(sent.headers['x-api-key']).toBe(fake.apiKey);
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // Sent as given, not as the contract would trim or stringify it.
    expect(sent.body).toEqual({ tag: '  Ana  ', metadata: { level: 3 } });
  });

  it('refuses an input that breaks the contract without sending anything', async () => {
    const before = fake.requests.length;
    const error = await failure(clientFor().getTranscription({ transcription_id: 'not-a-uuid' }));
    expect(error.toJSON()).toEqual({
      kind: 'invalid_request',
      operation: 'get-transcription',
      status: 400,
      code: 'invalid_value',
      message: 'Invalid transcription_id: expected a UUID',
      requestId: null,
      attempts: 0,
      retryable: false,
    });
    const missing = await failure(clientFor().submit({ url: 'https://example.com/a.mp3' } as never));
    expect([missing.code, missing.message]).toEqual(['missing_field', 'Missing required field: configuration_id']);
    const badDate = await failure(clientFor().analyticsEvaluator({ evaluator_id: randomUUID(), start_date: '2026-11' }));
    expect([badDate.code, badDate.message]).toEqual(['invalid_value', 'Invalid start_date: expected YYYY-MM-DD']);
    expect(fake.requests.length).toBe(before);
  });

  it("sends what only the built-in service's own rules refuse: the description does not rule it out", async () => {
    fake.script('create-configuration', { status: 201, json: { data: { configuration_id: randomUUID() } } });
    fake.script('create-participant', { status: 201, json: { data: { message: 'Created', participant: participantWire() } } });
    fake.script('analytics', { json: { data: { calls: 0 } } });
    await clientFor().createConfiguration({
      tag: 'x',
      summary_language: 'pt-BR',
      extraction_fields: [{ name: 'plan', type: 'enum' as never, description: '' }],
    });
    await clientFor().createParticipant({} as never);
    await clientFor().analytics({ start_date: '2026-10-01', team: 'north' } as never);
    expect(fake.requestsFor('create-configuration').at(-1)?.body).toMatchObject({ summary_language: 'pt-BR' });
    expect(fake.requestsFor('create-participant').at(-1)?.body).toEqual({});
    expect(fake.requestsFor('analytics').at(-1)?.body).toEqual({ start_date: '2026-10-01', team: 'north' });
  });

  it('posts an alias to its own path', async () => {
    fake.script('get-configurations', { json: { data: { total_configurations: 0, configurations: [] } } });
    expect(await clientFor().getConfigurations()).toEqual({ total_configurations: 0, configurations: [] });
    expect(fake.requestsFor('get-configurations')).toHaveLength(1);
  });
});

describe('429 rate_limited', () => {
  it('waits the Retry-After the upstream gives, then succeeds', async () => {
    const transcription = transcriptionWire();
    fake.script('get-transcription', rateLimited({ 'retry-after': '1' }), { json: { data: transcription } });
    const started = performance.now();
    const result = await clientFor({ backoffBaseMs: 5 }).getTranscription({ transcription_id: transcription.transcription_id });
    const [first, second] = fake.requestsFor('get-transcription').slice(-2);
    expect(result.transcription_id).toBe(transcription.transcription_id);
    expect(second.at - first.at).toBeGreaterThanOrEqual(990); // Retry-After: 1, not the 5 ms backoff
    expect(performance.now() - started).toBeLessThan(1_900);
  });

  it('without Retry-After, backs off exponentially (base, 2 × base, …)', async () => {
    const transcription = transcriptionWire();
    fake.script('get-transcription', rateLimited(), rateLimited(), rateLimited(), { json: { data: transcription } });
    await clientFor({ backoffBaseMs: 40 }).getTranscription({ transcription_id: transcription.transcription_id });
    const times = fake
      .requestsFor('get-transcription')
      .slice(-4)
      .map((r) => r.at);
    const gaps = times.slice(1).map((t, i) => t - times[i]);
    expect(gaps[0]).toBeGreaterThanOrEqual(38);
    expect(gaps[1]).toBeGreaterThanOrEqual(78);
    expect(gaps[2]).toBeGreaterThanOrEqual(158);
  });

  it('gives up after 5 attempts with a typed rate_limited error', async () => {
    fake.script('list-participants', ...Array.from({ length: 5 }, () => rateLimited()));
    const error = await failure(clientFor({ backoffBaseMs: 1 }).listParticipants());
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429, code: 'rate_limited', attempts: 5, retryable: true });
    expect(fake.requestsFor('list-participants')).toHaveLength(5);
  });

  it('is retried for operations that are not safe to repeat too: the request did not run', async () => {
    const participant = participantWire();
    fake.script('create-participant', rateLimited(), { status: 201, json: { data: { message: 'Participant created', participant } } });
    const result = await clientFor().createParticipant({ tag: 'Ana' });
    expect(result.participant.participant_id).toBe(participant.participant_id);
  });
});

describe('analytics: each call costs quota', () => {
  const evaluatorId = randomUUID();

  it('a 429 quota_exceeded is never retried', async () => {
    const before = fake.requestsFor('analytics-evaluator').length;
    fake.script('analytics-evaluator', {
      status: 429,
      json: errorWire('quota_exceeded', 'Monthly quota of 500 analytics-evaluator calls exceeded'),
    });
    const error = await failure(clientFor().analyticsEvaluator({ evaluator_id: evaluatorId }));
    expect(error).toMatchObject({ kind: 'quota_exceeded', code: 'quota_exceeded', status: 429, attempts: 1, retryable: false });
    expect(fake.requestsFor('analytics-evaluator').length - before).toBe(1);
  });

  it('a 500 or a 429 that does not say rate_limited is not retried either', async () => {
    fake.script('analytics', { status: 500, json: { error: { code: 'internal', message: 'Internal server error', request_id: 'req-9' } } });
    const error = await failure(clientFor().analytics());
    expect(error).toMatchObject({ kind: 'server_error', status: 500, requestId: 'req-9', attempts: 1, retryable: true });
    fake.script('analytics', { status: 429, text: 'Too Many Requests' });
    expect(await failure(clientFor().analytics())).toMatchObject({ kind: 'rate_limited', code: 'http_429', attempts: 1 });
  });
});

describe('5xx, time-outs and network errors', () => {
  it('500 then success: retried for a read', async () => {
    const transcription = transcriptionWire();
    fake.script(
      'get-transcription',
      { status: 500, json: errorWire('internal', 'Internal server error') },
      { json: { data: transcription } },
    );
    const result = await clientFor().getTranscription({ transcription_id: transcription.transcription_id });
    expect(result.transcription_id).toBe(transcription.transcription_id);
  });

  it('500 on a create is not retried (it may have run)', async () => {
    const before = fake.requestsFor('create-participant').length;
    fake.script('create-participant', { status: 502, text: '<html>Bad gateway</html>', headers: { 'content-type': 'text/html' } });
    const error = await failure(clientFor().createParticipant({ tag: 'Ana' }));
    expect(error.toJSON()).toMatchObject({
      kind: 'server_error',
      status: 502,
      code: 'http_502',
      message: 'HTTP 502: <html>Bad gateway</html>',
      attempts: 1,
      retryable: true,
    });
    expect(fake.requestsFor('create-participant').length - before).toBe(1);
  });

  it('a time-out is retried for a read, and typed when every attempt times out', async () => {
    const transcription = transcriptionWire();
    fake.script('get-transcription', { delayMs: 400, json: { data: transcription } }, { json: { data: transcription } });
    const result = await clientFor({ timeoutMs: 100 }).getTranscription({ transcription_id: transcription.transcription_id });
    expect(result.transcription_id).toBe(transcription.transcription_id);

    fake.script('get-evaluator', ...Array.from({ length: 3 }, () => ({ delayMs: 300, json: {} })));
    const error = await failure(clientFor({ timeoutMs: 50, maxAttempts: 3 }).getEvaluator({ evaluator_id: randomUUID() }));
    expect(error).toMatchObject({ kind: 'timeout', status: null, code: 'timeout', message: 'No answer within 50 ms', attempts: 3 });
  });

  it('a time-out on a create is not retried', async () => {
    const before = fake.requestsFor('create-evaluator').length;
    fake.script('create-evaluator', { delayMs: 300, json: {} });
    const error = await failure(
      clientFor({ timeoutMs: 50 }).createEvaluator({ tag: 'QA', criteria: [{ name: 'Greets', type: 'boolean', weight: 1 }] }),
    );
    expect(error).toMatchObject({ kind: 'timeout', attempts: 1 });
    expect(fake.requestsFor('create-evaluator').length - before).toBe(1);
  });

  it('a dropped connection is a network error, retried for a read', async () => {
    const participant = participantWire();
    fake.script('get-participant', { destroy: true }, { json: { data: { participant } } });
    expect((await clientFor().getParticipant({ participant_id: participant.participant_id })).participant).toEqual(participant);

    const unreachable = createConversationClient({
      baseUrl: `http://127.0.0.1:${await freePort()}/api`,
      apiKey: 'k',
      backoffBaseMs: 1,
      maxAttempts: 2,
    });
    const error = await failure(unreachable.listEvaluators());
    expect(error).toMatchObject({ kind: 'network', status: null, code: 'network_error', attempts: 2, retryable: true });
    expect(error.message).toContain('ECONNREFUSED');
  });
});

describe('other answers', () => {
  it("404 and 403 are typed and not retried, with the upstream's message and request id", async () => {
    fake.script('get-participant', { status: 404, json: errorWire('not_found', 'Participant not found') });
    const missing = await failure(clientFor().getParticipant({ participant_id: randomUUID() }));
    expect(missing.toJSON()).toMatchObject({
      kind: 'not_found',
      operation: 'get-participant',
      status: 404,
      code: 'not_found',
      message: 'Participant not found',
      attempts: 1,
      retryable: false,
    });
    expect(missing.requestId).toMatch(/^fake-\d+$/);

    const forbidden = await failure(createConversationClient({ baseUrl: fake.baseUrl, apiKey: 'wrong' }).listParticipants());
    expect(forbidden).toMatchObject({ kind: 'forbidden', status: 403, code: 'forbidden', message: 'Invalid API key', attempts: 1 });
  });
});

describe('answers the client cannot use', () => {
  it('malformed JSON is a typed invalid_response, not retried', async () => {
    const before = fake.requestsFor('list-participants').length;
    fake.script('list-participants', { text: '{"data": {"items": [' });
    const error = await failure(clientFor().listParticipants());
    expect(error).toMatchObject({ kind: 'invalid_response', status: 200, code: 'invalid_response', attempts: 1, retryable: false });
    expect(error.message).toBe('The answer is not JSON: {"data": {"items": [');
    expect(fake.requestsFor('list-participants').length - before).toBe(1);
  });

  it('an answer without data, or one that breaks the promise, is invalid_response naming the member; a broken list row is set aside', async () => {
    fake.script('list-participants', { json: { items: [] } });
    expect((await failure(clientFor().listParticipants())).message).toBe('The answer has no "data" member');

    fake.script('list-participants', { json: { data: { items: 'none', count: 0 } } });
    const error = await failure(clientFor().listParticipants());
    expect(error.kind).toBe('invalid_response');
    expect(error.issues.map((i) => i.path)).toEqual(['data.items']);

    const good = participantWire();
    fake.script('list-participants', { json: { data: { items: [participantWire({ created_at: 'yesterday' }), good], count: 2 } } });
    const list = await clientFor().listParticipants();
    expect(list.items).toEqual([good]);
    expect(list.rejected.map((r) => r.issues.map((i) => i.path))).toEqual([['data.items[0].created_at']]);
  });
});

describe('leniency: a real upstream may add members or leave optionals out', () => {
  it('keeps unknown members, at every level', async () => {
    const participant = { ...participantWire(), nickname: 'Annie' };
    fake.script('get-participant', { json: { data: { participant, fetched_from: 'replica-2' } } });
    const result = await clientFor().getParticipant({ participant_id: participant.participant_id });
    expect(result).toEqual({ participant, fetched_from: 'replica-2' });
  });

  it('tolerates absent optional members, which read as null', async () => {
    const full = transcriptionWire();
    const wire = structuredClone(full) as Record<string, unknown> & { details: Record<string, unknown> };
    for (const member of ['name', 'group', 'participant_id']) delete wire[member];
    for (const member of ['summary', 'error', 'evaluation']) delete wire.details[member];
    fake.script('get-transcription', { json: { data: wire } });
    const result = await clientFor().getTranscription({ transcription_id: full.transcription_id });
    expect(result.name).toBeNull();
    expect(result.group).toBeNull();
    expect(result.participant_id).toBeNull();
    expect(result.details.summary).toBeNull();
    expect(result.details.evaluation).toBeNull();
    expect(result.details.conversation).toEqual(full.details.conversation);
  });
});
