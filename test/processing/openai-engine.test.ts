import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Transcription } from '../../src/contract/transcriptions.js';
import { createEngines } from '../../src/engine/create-engines.js';
import type { Engines, RecognitionHints } from '../../src/engine/engine-types.js';
import { OpenAiHttp } from '../../src/engine/openai/openai-http.js';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/fake-openai.js';
import { createHarness, type Harness } from '../support/harness.js';
import { startRecordingServer, type RecordingServer } from '../support/recording-server.js';
import { supportCall, synthesizeConversation } from '../support/synthesize.js';
import { eventually } from '../support/webhook-receiver.js';
import { closeInOrder } from '../support/close-in-order.js';

let fake: FakeOpenAi;
let h: Harness;
let recordings: RecordingServer;

const openAiEngines = (model = 'whisper-1', apiKey?: string): Engines =>
  createEngines(
    { kind: 'openai', baseUrl: fake.baseUrl, apiKey: apiKey ?? fake.apiKey, sttModel: model, chatModel: 'gpt-test', timeoutMs: 2_000 },
    { backoffMs: 20 },
  );

beforeAll(async () => {
  fake = await startFakeOpenAi();
  h = createHarness();
  recordings = await startRecordingServer();
});
afterAll(() => closeInOrder(h, fake, recordings));

async function processWith(engines: Engines, stereo: boolean) {
  const own = await h.createAccount();
  const configurationId = (
    await own.call('create-configuration', {
      tag: 'openai',
      vocabulary: ['Acme', 'Dana'],
      summary: true,
      summary_language: 'en',
      extraction_fields: [
        { name: 'order_number', type: 'number', description: 'Order number' },
        { name: 'product', type: 'string' },
      ],
    })
  ).body.data.configuration.configuration_id;
  const evaluator = (
    await own.call('create-evaluator', {
      tag: 'QA',
      criteria: [
        { name: 'Greeting', type: 'boolean', weight: 50 },
        { name: 'Empathy', type: 'scale', weight: 50 },
        { name: 'No legal advice', type: 'strict', weight: 0 },
      ],
    })
  ).body.data.evaluator;
  const url = recordings.serve(`openai-${stereo}.wav`, await synthesizeConversation(supportCall.slice(0, 3), { stereo }));
  const id = (await own.call('submit', { configuration_id: configurationId, evaluator_id: evaluator.evaluator_id, url })).body.data
    .transcription_id as string;
  const worker = h.startWorker({ engines });
  try {
    return await eventually(async () => {
      const data = (await own.call('get-transcription', { transcription_id: id })).body.data;
      return data.status === 'IN_PROGRESS' ? undefined : Transcription.parse(data);
    }, 30_000);
  } finally {
    await worker.close();
  }
}

describe('the openai engines against an OpenAI-compatible API', () => {
  it('transcribe (diarized), summarise, extract and evaluate, sending what the API expects', async () => {
    const before = fake.requests.length;
    const t = await processWith(openAiEngines('gpt-4o-transcribe-diarize'), false);
    expect(t.status).toBe('COMPLETED');
    expect(t.details.language).toBe('en');
    expect(t.details.conversation?.segments.map((s) => [s.speaker, s.text])).toEqual([
      ['A', 'Thank you for calling Acme, my name is Dana.'],
      ['B', 'Hi, my order 4572 has not arrived.'],
      ['A', 'I am sorry about that, it ships tomorrow. Anything else? Goodbye.'],
    ]);
    expect(t.details.summary).toEqual({ text: 'The customer reported a late order; it ships tomorrow.', language: 'en' });
    expect(t.details.fields).toEqual({
      fields: [
        { name: 'order_number', value: 4572 },
        { name: 'product', value: null },
      ],
    });
    const results = t.details.evaluation!.breakdown.results;
    expect(results.map((r) => [r.name, r.score_raw_ai, r.status])).toEqual([
      ['Greeting', 1, 'PASS'],
      ['Empathy', 4, 'PASS'],
      ['No legal advice', 0, 'FAIL'],
    ]);
    expect(t.details.evaluation).toMatchObject({ score: 87.5, critical_fail: true });

    const sent = fake.requests.slice(before);
    expect(sent.every((r) => r.authorization === `Bearer ${fake.apiKey}`)).toBe(true);
    const audio = sent.find((r) => r.path === '/audio/transcriptions')!;
    expect(audio.form).toMatchObject({ model: 'gpt-4o-transcribe-diarize', response_format: 'diarized_json', prompt: 'Acme, Dana' });
    expect(audio.fileBytes).toBeGreaterThan(1_000);
    const chats = sent.filter((r) => r.path === '/chat/completions');
    expect(chats.map((c) => (c.json?.response_format as { json_schema: { name: string } }).json_schema.name).sort()).toEqual([
      'evaluation',
      'fields',
      'summary',
    ]);
    expect(chats.every((c) => c.json?.model === 'gpt-test' && c.json?.temperature === 0)).toBe(true);
  });

  it("gives the speech engine the configuration's vocabulary and the evaluator's and fields' text as recognition hints", async () => {
    const engines = openAiEngines();
    const seen: RecognitionHints[] = [];
    const spying: Engines = {
      ...engines,
      speechToText: {
        name: engines.speechToText.name,
        transcribe: (audio, hints) => (seen.push(hints), engines.speechToText.transcribe(audio, hints)),
      },
    };
    await processWith(spying, false);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.vocabulary).toEqual(['Acme', 'Dana']);
    // The local engine biases its language model with these (docs/engine.md, "Biasing toward the call's domain").
    expect(seen[0]?.domainText).toEqual(
      expect.arrayContaining(['Greeting. ', 'Empathy. ', 'No legal advice. ', 'order number. Order number', 'product. ']),
    );
  });

  it('sends each channel of a stereo recording separately, a speaker each', async () => {
    const before = fake.requests.length;
    const t = await processWith(openAiEngines('whisper-1'), true);
    expect(t.status).toBe('COMPLETED');
    const uploads = fake.requests.slice(before).filter((r) => r.path === '/audio/transcriptions');
    expect(uploads).toHaveLength(2);
    expect(uploads[0]?.form).toMatchObject({ response_format: 'verbose_json', 'timestamp_granularities[]': 'segment' });
    expect(new Set(t.details.conversation?.segments.map((s) => s.speaker))).toEqual(new Set(['A', 'B']));
  });
});

describe("the engines' HTTP client", () => {
  const http = (apiKey = 'sk-test-fake', timeoutMs = 500) =>
    new OpenAiHttp({ baseUrl: fake.baseUrl, apiKey, timeoutMs, retries: 3, backoffMs: 10 });
  const chatBody = {
    model: 'm',
    messages: [{ role: 'system', content: 'x' }],
    response_format: { type: 'json_schema', json_schema: { name: 'summary', strict: true, schema: { properties: {} } } },
  };

  it('honours Retry-After on 429, then succeeds', async () => {
    fake.script('/chat/completions', [{ status: 429, retryAfter: '1' }]);
    const started = Date.now();
    await expect(http().postJson('/chat/completions', chatBody)).resolves.toMatchObject({ id: 'chatcmpl-1' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
  });

  it('retries 500s, then succeeds', async () => {
    fake.script('/chat/completions', [{ status: 500 }, { status: 502 }]);
    await expect(http().postJson('/chat/completions', chatBody)).resolves.toMatchObject({ id: 'chatcmpl-1' });
  });

  it('times out each attempt and gives up after the retries', async () => {
    fake.script('/chat/completions', ['hang', 'hang', 'hang', 'hang']);
    await expect(http('sk-test-fake', 200).postJson('/chat/completions', chatBody)).rejects.toThrow(
      '/chat/completions: no answer within 200 ms',
    );
  });

  it('does not retry a refused key', async () => {
    const before = fake.requests.length;
    await expect(http('sk-wrong').postJson('/chat/completions', chatBody)).rejects.toThrow(/HTTP 401/);
    expect(fake.requests.length - before).toBe(1);
  });

  it("a wrong key fails the transcription (processing_failed) after the job's attempts", async () => {
    const t = await processWith(openAiEngines('whisper-1', 'sk-wrong'), false);
    expect(t.status).toBe('FAILED');
    expect(t.details.error).toEqual({ code: 'processing_failed', message: 'The recording could not be processed' });
  });
});
