/**
 * How the client reads answers of any deployment (docs/hub-client.md, "Reading answers"): what
 * the API description promises is validated, what it leaves open is accepted in any reasonable
 * shape and kept as it came, and lists are read row by row.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createConversationClient } from '../../../src/hub/client/index.js';
import { readWebhookEvent } from '../../../src/hub/webhooks/webhook-event.js';
import { upstreamFailure, useFakeUpstream } from './support.js';
import { participantWire, transcriptionWire } from '../../fakes/wire-fixtures.js';

const fake = useFakeUpstream();

const client = () =>
  createConversationClient({ baseUrl: fake.baseUrl, apiKey: fake.apiKey, backoffBaseMs: 10, timeoutMs: 500, rateLimitScale: 100 });

const failure = upstreamFailure;

const listRow = (overrides: Record<string, unknown> = {}) => ({
  transcription_id: randomUUID(),
  status: 'COMPLETED',
  configuration_id: randomUUID(),
  configuration_tag: 'support',
  duration: 61.5,
  group: null,
  name: null,
  created_at: '2026-03-01T10:00:00Z',
  qa: {
    score: 80,
    critical_fail: false,
    status: 'COMPLETED',
    participant_id: null,
    evaluator_id: null,
    participant_tag: null,
    evaluator_tag: null,
  },
  ...overrides,
});

describe('get-transcription', () => {
  it('reads a FAILED transcription with a null duration and an error without a message, keeping the raw answer', async () => {
    const id = randomUUID();
    const answer = {
      transcription_id: id,
      status: 'FAILED',
      duration: null,
      configuration_id: randomUUID(),
      details: { error: { code: 'DOWNLOAD' } },
      vendor_trace: 'abc',
    };
    fake.script('get-transcription', { json: { data: answer } });
    const t = await client().getTranscription({ transcription_id: id });
    expect(t).toMatchObject({
      transcription_id: id,
      status: 'FAILED',
      duration: null,
      group: null,
      configuration_tag: null,
      vendor_trace: 'abc',
    });
    expect(t.details).toMatchObject({ error: { code: 'DOWNLOAD', message: null }, evaluation: null, conversation: null, created_at: null });
    expect(t.raw).toEqual(answer);
  });

  it('finds the failure wherever the upstream put it: a string reason, an error at the top, a message only', async () => {
    const cases: [Record<string, unknown>, { code: string | null; message: string | null }][] = [
      [{ failure_reason: 'Could not download the recording' }, { code: null, message: 'Could not download the recording' }],
      [{ error: { message: 'too long', type: 'LIMIT' } }, { code: 'LIMIT', message: 'too long' }],
      [{ details: { error: 'undecodable' } }, { code: null, message: 'undecodable' }],
      [{}, { code: null, message: null }],
    ];
    for (const [extra, expected] of cases) {
      const id = randomUUID();
      fake.script('get-transcription', { json: { data: { transcription_id: id, status: 'FAILED', ...extra } } });
      expect((await client().getTranscription({ transcription_id: id })).details.error).toEqual(expected);
    }
  });

  it('reads an IN_PROGRESS transcription that has only its id and status, members of the wrong type read as null', async () => {
    const id = randomUUID();
    fake.script('get-transcription', {
      json: { data: { transcription_id: id, status: 'IN_PROGRESS', duration: 'soon', details: { created_at: 'yesterday' } } },
    });
    const t = await client().getTranscription({ transcription_id: id });
    expect(t).toMatchObject({ status: 'IN_PROGRESS', duration: null, details: { created_at: null, error: null } });
  });

  it('reads a summary of any shape and keeps unknown members everywhere', async () => {
    const wire = transcriptionWire({ extra: { nested: true } });
    (wire.details as Record<string, unknown>).summary = 'A plain string summary';
    fake.script('get-transcription', { json: { data: wire } });
    const t = await client().getTranscription({ transcription_id: wire.transcription_id });
    expect(t.details.summary).toBe('A plain string summary');
    expect(t.extra).toEqual({ nested: true });
  });

  it('refuses a COMPLETED transcription that breaks a promise (no duration), naming the path and keeping the raw answer', async () => {
    const wire = transcriptionWire({ duration: null });
    fake.script('get-transcription', { json: { data: wire } });
    const error = await failure(client().getTranscription({ transcription_id: wire.transcription_id }));
    expect(error.kind).toBe('invalid_response');
    expect(error.issues.map((i) => i.path)).toEqual(['data.duration']);
    expect(error.raw).toEqual(wire);
  });

  it('reads a timestamp in any ISO 8601 form with an offset (+0000, +01, no seconds) as its UTC instant', async () => {
    const wire = transcriptionWire();
    wire.details.created_at = '2026-02-03T14:30:00+0000';
    wire.details.completed_at = '2026-02-03T15:35+01';
    (wire.details as Record<string, unknown>).evaluation = {
      score: 80,
      critical_fail: false,
      status: 'COMPLETED',
      breakdown: {
        evaluator_id: randomUUID(),
        evaluator_tag: 'QA',
        generated_at: '2026-02-03T09:36:00.5-0500',
        language_used: 'en',
        final_score: 80,
        critical_fail_triggered: false,
        summary_feedback: '',
        results: [],
      },
    };
    fake.script('get-transcription', { json: { data: wire } });
    const t = await client().getTranscription({ transcription_id: wire.transcription_id });
    expect(t.details.created_at).toBe('2026-02-03T14:30:00.000Z');
    expect(t.details.completed_at).toBe('2026-02-03T14:35:00.000Z');
    expect(t.details.evaluation?.breakdown?.generated_at).toBe('2026-02-03T14:36:00.500Z');
    expect(t.raw).toEqual(wire);
  });

  it('keeps an RFC 3339 timestamp as sent, and refuses one without an offset or that is no date', async () => {
    const kept = transcriptionWire();
    kept.details.created_at = '2026-02-03T16:30:00.123456+02:00';
    fake.script('get-transcription', { json: { data: kept } });
    expect((await client().getTranscription({ transcription_id: kept.transcription_id })).details.created_at).toBe(
      '2026-02-03T16:30:00.123456+02:00',
    );
    for (const createdAt of ['2026-02-03T14:30:00', '2026-02-30T14:30:00Z', 'yesterday']) {
      const wire = transcriptionWire();
      wire.details.created_at = createdAt;
      fake.script('get-transcription', { json: { data: wire } });
      const error = await failure(client().getTranscription({ transcription_id: wire.transcription_id }));
      expect(error.issues.map((i) => i.path)).toEqual(['data.details.created_at']);
    }
  });

  it('reads a COMPLETED transcription whose evaluation is not scored yet, and still refuses a scored one without its breakdown', async () => {
    const pending = transcriptionWire();
    (pending.details as Record<string, unknown>).evaluation = { status: 'PENDING', score: null, critical_fail: false, breakdown: null };
    fake.script('get-transcription', { json: { data: pending } });
    const t = await client().getTranscription({ transcription_id: pending.transcription_id });
    expect(t.details.evaluation).toEqual({ status: 'PENDING', score: null, critical_fail: null, breakdown: null });

    const broken = transcriptionWire();
    (broken.details as Record<string, unknown>).evaluation = { status: 'COMPLETED', score: 70, critical_fail: false, breakdown: null };
    fake.script('get-transcription', { json: { data: broken } });
    const error = await failure(client().getTranscription({ transcription_id: broken.transcription_id }));
    expect(error.issues.map((i) => i.path)).toEqual(['data.details.evaluation.breakdown']);
  });

  it('refuses an answer that does not say which transcription or status it is', async () => {
    fake.script('get-transcription', { json: { data: { status: 'DONE' } } });
    const error = await failure(client().getTranscription({ transcription_id: randomUUID() }));
    expect(error.issues.map((i) => i.path).sort()).toEqual(['data.status', 'data.transcription_id']);
  });
});

describe('list-transcriptions, row by row', () => {
  it('keeps FAILED and IN_PROGRESS rows with a null duration and sets aside only the rows that break the promise', async () => {
    const good = listRow();
    const failed = listRow({ status: 'FAILED', duration: null, qa: null });
    const running = listRow({ status: 'IN_PROGRESS', duration: null, qa: { score: null } });
    const noId = listRow({ transcription_id: undefined });
    const oddStatus = listRow({ status: 'WEIRD' });
    const completedWithoutDuration = listRow({ duration: null });
    fake.script('list-transcriptions', {
      json: {
        data: {
          total_transcriptions: 6,
          query_limit_reached: false,
          statistics: null,
          transcriptions: [good, failed, noId, running, oddStatus, completedWithoutDuration],
        },
      },
    });
    const list = await client().listTranscriptions();
    expect(list.transcriptions.map((t) => t.transcription_id)).toEqual([
      good.transcription_id,
      failed.transcription_id,
      running.transcription_id,
    ]);
    expect(list.transcriptions[1]).toMatchObject({ duration: null, qa: { score: null, critical_fail: null } });
    expect(list.rejected.map((r) => ({ index: r.index, id: r.id, paths: r.issues.map((i) => i.path) }))).toEqual([
      { index: 2, id: null, paths: ['data.transcriptions[2].transcription_id'] },
      { index: 4, id: oddStatus.transcription_id, paths: ['data.transcriptions[4].status'] },
      { index: 5, id: completedWithoutDuration.transcription_id, paths: ['data.transcriptions[5].duration'] },
    ]);
    expect(list.rejected[1]?.raw).toEqual(oddStatus);
  });

  it('reads rows whose timestamps carry a basic or hour-only offset', async () => {
    const row = listRow({ created_at: '2026-03-01T12:00:00+0200' });
    const participant = participantWire({ created_at: '2026-03-01T10:00+00', updated_at: '2026-03-01T11:00:00.25+0000' });
    fake.script('list-transcriptions', {
      json: { data: { total_transcriptions: 1, query_limit_reached: false, statistics: null, transcriptions: [row] } },
    });
    fake.script('list-participants', { json: { data: { items: [participant], count: 1 } } });
    const list = await client().listTranscriptions();
    expect(list.rejected).toEqual([]);
    expect(list.transcriptions[0]?.created_at).toBe('2026-03-01T10:00:00.000Z');
    const participants = await client().listParticipants();
    expect(participants.rejected).toEqual([]);
    expect(participants.items[0]).toMatchObject({ created_at: '2026-03-01T10:00:00.000Z', updated_at: '2026-03-01T11:00:00.250Z' });
  });

  it('reads resource lists row by row too', async () => {
    const evaluator = {
      evaluator_id: randomUUID(),
      tag: 'QA',
      description: '',
      language: 'en',
      context: '',
      criteria: [],
      created_at: '2026-03-01T10:00:00Z',
    };
    fake.script('list-evaluators', { json: { data: { items: [evaluator, { evaluator_id: randomUUID(), tag: 7 }], count: 2 } } });
    const list = await client().listEvaluators();
    expect(list.items).toEqual([evaluator]);
    expect(list.rejected).toHaveLength(1);
  });
});

describe('answers whose shape the description leaves open', () => {
  it('the account-wide analytics: any JSON object, as it came', async () => {
    const own = { summary: { calls: 3 }, by_evaluator: [{ id: 'x', calls: 3 }], rows: [{ id: 1 }] };
    fake.script('analytics', { json: { data: own } });
    expect(await client().analytics()).toEqual(own);
  });

  it('create-configuration: the configuration under data.configuration or as data itself', async () => {
    const configuration = {
      client_id: 'acme',
      configuration_id: randomUUID(),
      tag: 'Support',
      vocabulary: [],
      extraction_fields: [],
      webhooks: null,
      summary: false,
      custom_summary: null,
      summary_language: 'en',
      analytics_language: 'en',
      created_at: '2026-03-01T10:00:00Z',
    };
    fake.script(
      'create-configuration',
      { status: 201, json: { data: configuration } },
      { status: 201, json: { data: { configuration, ok: true } } },
    );
    expect((await client().createConfiguration({ tag: 'Support' })).configuration).toEqual(configuration);
    const wrapped = await client().createConfiguration({ tag: 'Support' });
    expect(wrapped).toEqual({ configuration, ok: true });
  });

  it('update-configuration: an answer without the configuration reads null (the caller asks get-configuration)', async () => {
    fake.script('update-configuration', { json: { data: { updated: true } } });
    expect(await client().updateConfiguration({ configuration_id: randomUUID(), tag: 'x' })).toMatchObject({
      configuration: null,
      updated: true,
    });
  });

  it('create-evaluator, create-configuration, get-participant, request-upload-url: an answer without the full resource reads null, kept as it came', async () => {
    const evaluatorId = randomUUID();
    fake.script('create-evaluator', { status: 201, json: { data: { message: 'Created', evaluator_id: evaluatorId } } });
    expect(await client().createEvaluator({ tag: 'QA', criteria: [{ name: 'Greets', type: 'boolean', weight: 1 }] })).toEqual({
      message: 'Created',
      evaluator_id: evaluatorId,
      evaluator: null,
    });
    fake.script('create-configuration', { status: 201, json: { data: { id: 'cfg-1' } } });
    expect(await client().createConfiguration({ tag: 'Support' })).toEqual({ id: 'cfg-1', configuration: null });

    const participantId = randomUUID();
    fake.script(
      'get-participant',
      { json: { data: { participant: { participant_id: participantId, tag: 'Ana' } } } },
      { json: { data: { participant_id: participantId, tag: 'Ana', since: 2024 } } },
      { json: { data: { ok: true } } },
    );
    expect((await client().getParticipant({ participant_id: participantId })).participant).toEqual({
      participant_id: participantId,
      tag: 'Ana',
    });
    expect((await client().getParticipant({ participant_id: participantId })).participant).toMatchObject({ tag: 'Ana', since: 2024 });
    expect(await client().getParticipant({ participant_id: participantId })).toEqual({ ok: true, participant: null });

    fake.script('request-upload-url', { json: { data: { url: 'https://upload.example/x' } } });
    expect(await client().requestUploadUrl({ configuration_id: randomUUID(), filename: 'call.mp3' })).toEqual({
      url: 'https://upload.example/x',
    });
  });

  it('deletes answer whatever acknowledgement came', async () => {
    fake.script('delete-configuration', { json: { data: { deleted: true } } });
    expect(await client().deleteConfiguration({ configuration_id: randomUUID() })).toEqual({ deleted: true });
  });
});

describe('error answers in shapes of their own', () => {
  it('reads the message and code wherever the upstream put them', async () => {
    fake.script('get-transcription', { status: 404, json: { error: 'Not found' } });
    expect((await failure(client().getTranscription({ transcription_id: randomUUID() }))).toJSON()).toMatchObject({
      kind: 'not_found',
      code: 'http_404',
      message: 'Not found',
    });
    fake.script('get-configuration', { status: 400, json: { message: 'bad id', code: 'BAD_ID' } });
    expect((await failure(client().getConfiguration({ configuration_id: randomUUID() }))).toJSON()).toMatchObject({
      kind: 'invalid_request',
      code: 'BAD_ID',
      message: 'bad id',
    });
    fake.script('get-evaluator', { status: 403, json: { detail: 'key revoked' } });
    expect((await failure(client().getEvaluator({ evaluator_id: randomUUID() }))).toJSON()).toMatchObject({
      kind: 'forbidden',
      message: 'key revoked',
    });
  });
});

describe('webhook bodies as pokes', () => {
  it('finds the transcription id in every usual place, and nothing in a body that names none', () => {
    const id = randomUUID();
    const full = transcriptionWire({ transcription_id: id.toUpperCase() });
    for (const body of [
      { data: { transcription_id: id } },
      { transcription_id: id, status: 'COMPLETED' },
      { data: { id } },
      { id, event: 'transcription.failed' },
      full,
      { type: 'x', data: { transcription: { transcription_id: id } } },
      { id: randomUUID(), type: 'transcription.completed', payload: { transcription_id: id } },
      { event_id: randomUUID(), object: { transcription_id: id, status: 'FAILED' } },
      { id: randomUUID(), data: { id } },
    ]) {
      expect(readWebhookEvent(body)?.transcriptionId).toBe(id);
    }
    expect(readWebhookEvent({ id, event: 'transcription.failed' })?.type).toBe('transcription.failed');
    for (const body of [{ data: {} }, { id: 'nope' }, [id], 'text', null, { data: { transcription_id: 12 } }])
      expect(readWebhookEvent(body)).toBeNull();
  });
});
