/**
 * The call view's recording (docs/console.md, "The recording"): the console streams it from the
 * built-in service's recordings route behind a console session, passing Range on (206 with the
 * right bytes); without a source it says why there is nothing to play; a failing source is tried
 * three times, each with a deadline, against real local servers.
 */
import { randomUUID } from 'node:crypto';
import { truncate } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noRecordingSource } from '../../src/hub/console/pages/call/recording/player-availability.js';
import { createRecordingProxy } from '../../src/hub/console/pages/call/recording/recording-proxy.js';
import { createConsoleUser } from '../../src/hub/console/users/manage-console-users.js';
import { AppError } from '../../src/lib/errors/app-error.js';
import { closedPort } from '../support/closed-port.js';
import { createHarness, type Harness } from '../support/harness.js';
import { startHubStack, type HubStack } from '../support/hub-stack.js';
import { createRecordedCall, turnStarts } from '../support/recorded-call.js';
import { startRecordingServer, type RecordingServer } from '../support/recording-server.js';
import { seedTranscription } from '../support/seed.js';
import { wavHeader } from '../support/wav-header.js';
import { signedInAgent } from './console-agent.js';
import { closeInOrder } from '../support/close-in-order.js';

let h: Harness;
let stack: HubStack;
let recordings: RecordingServer;
let call: { id: string; audio: Buffer };
const viewer = { email: `viewer-${randomUUID().slice(0, 8)}@example.com`, name: 'Vic Viewer', password: 'a long enough password' };

beforeAll(async () => {
  h = createHarness();
  stack = await startHubStack(h);
  recordings = await startRecordingServer();
  await createConsoleUser(h.db, { ...viewer, role: 'viewer' }, { kind: 'cli' });
  call = await createRecordedCall(h, stack, recordings);
}, 90_000);
afterAll(() => closeInOrder(recordings, stack, h));

describe('the call view with the built-in service as upstream', () => {
  it('shows a player on the recording route and the turns with their start times', async () => {
    const agent = await signedInAgent(stack.app, viewer);
    const page = await agent.get(`/console/calls/${call.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<audio id="call-audio" controls preload="metadata" src="/console/calls/${call.id}/recording"></audio>`);
    expect([...page.text.matchAll(/<li class="turn[^"]*" data-start="([\d.]+)"/g)].map((m) => Number(m[1]))).toEqual([...turnStarts]);
  });

  it('streams the recording, and a Range request answers 206 with exactly those bytes', async () => {
    const agent = await signedInAgent(stack.app, viewer);
    const whole = await agent.get(`/console/calls/${call.id}/recording`).responseType('blob');
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.compare(whole.body as Buffer, call.audio)).toBe(0);

    const middle = Math.floor(call.audio.length / 2);
    const part = await agent
      .get(`/console/calls/${call.id}/recording`)
      .set('range', `bytes=${middle}-${middle + 4095}`)
      .responseType('blob');
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes ${middle}-${middle + 4095}/${call.audio.length}`);
    expect(part.headers['accept-ranges']).toBe('bytes');
    expect(Buffer.compare(part.body as Buffer, call.audio.subarray(middle, middle + 4096))).toBe(0);
  });

  it('seeks near the end of a 2-hour recording by fetching only the bytes asked for', async () => {
    const seconds = 7_200;
    const bytesPerSecond = 8_000; // 8 kHz, 8-bit mono
    const call2h = await seedTranscription(h.db, stack.account.id, { status: 'COMPLETED', duration: seconds });
    const key = `${stack.account.id}/${call2h.id}.wav`;
    await h.deps.storage.write(
      key,
      Readable.from([wavHeader(seconds * bytesPerSecond, { sampleRate: bytesPerSecond, bitsPerSample: 8 })]),
      { maxBytes: 1_000 },
    );
    // The samples are a sparse file's zeros: a 57.6 MB recording without writing 57.6 MB.
    await h.deps.storage.withLocalFile(key, (file) => truncate(file, 44 + seconds * bytesPerSecond));
    await h.db.transcription.update({ where: { id: call2h.id }, data: { recordingKey: key } });

    const agent = await signedInAgent(stack.app, viewer);
    const from = 44 + 7_140 * bytesPerSecond; // 1:59:00
    const size = 44 + seconds * bytesPerSecond;
    const part = await agent.get(`/console/calls/${call2h.id}/recording`).set('range', `bytes=${from}-`).responseType('blob');
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes ${from}-${size - 1}/${size}`);
    expect(part.headers['content-length']).toBe(String(60 * bytesPerSecond));
    expect((part.body as Buffer).length).toBe(60 * bytesPerSecond);
  });

  it('is refused without a console session: the request goes to sign-in, no audio', async () => {
    const anonymous = await request(stack.app).get(`/console/calls/${call.id}/recording`).set('range', 'bytes=0-99');
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.location).toBe(`/console/sign-in?next=${encodeURIComponent(`/console/calls/${call.id}/recording`)}`);
    expect(anonymous.headers['content-range']).toBeUndefined();
  });

  it('answers 404 with the reason for a call whose recording is gone upstream', async () => {
    await stack.client.deleteTranscription({ transcription_id: call.id });
    const agent = await signedInAgent(stack.app, viewer);
    const gone = await agent.get(`/console/calls/${call.id}/recording`).set('accept', 'application/json');
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: { code: 'not_found', message: `Transcription not found: ${call.id}` } });
  });
});

describe('the call view without a recording source', () => {
  it('says plainly why there is nothing to play, and the route answers the same', async () => {
    const hubOnly = await startHubStack(h, { recordings: null });
    try {
      const other = await createRecordedCall(h, hubOnly, recordings);
      const agent = await signedInAgent(hubOnly.app, viewer);
      const page = await agent.get(`/console/calls/${other.id}`);
      expect(page.text).not.toContain('<audio');
      expect(page.text).toContain(`<p class="hint" id="player-none">${noRecordingSource.replace("'", '&#39;')}</p>`);
      const route = await agent.get(`/console/calls/${other.id}/recording`).set('accept', 'application/json');
      expect(route.status).toBe(404);
      expect(route.body).toEqual({ error: { code: 'not_found', message: noRecordingSource } });
    } finally {
      await hubOnly.close();
    }
  }, 90_000);
});

/** A local server answering 503 to its first `failures` requests, then 206 with four bytes. */
async function startFlakySource(failures: number): Promise<{ url: string; hits: () => number; server: Server }> {
  let hits = 0;
  const server = createServer((req, res) => {
    hits += 1;
    if (hits <= failures) {
      res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'unavailable', message: 'busy' } }));
      return;
    }
    res
      .writeHead(206, {
        'content-type': 'audio/wav',
        'content-range': `bytes 0-3/100`,
        'content-length': '4',
        'x-range-asked': req.headers.range ?? '',
      })
      .end('RIFF');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/recordings`, hits: () => hits, server };
}

const fastPolicy = { apiKey: () => Promise.resolve('key'), headersTimeoutMs: 300, retryDelaysMs: [20, 20] };

describe('the recording fetch policy, against real local servers', () => {
  it('tries a source that answers 503 again, and streams its answer on the third attempt', async () => {
    const source = await startFlakySource(2);
    try {
      const proxy = createRecordingProxy({ ...fastPolicy, baseUrl: source.url, logger: h.deps.logger });
      const answer = await proxy.open(call.id, 'bytes=0-3');
      expect(answer.status).toBe(206);
      expect(answer.headers).toEqual({ 'content-type': 'audio/wav', 'content-range': 'bytes 0-3/100', 'content-length': '4' });
      expect(Buffer.concat(await answer.body.toArray()).toString()).toBe('RIFF');
      expect(source.hits()).toBe(3);
    } finally {
      source.server.close();
    }
  });

  it('gives up after three attempts on a source that never answers, each cut at its deadline', async () => {
    const proxy = createRecordingProxy({ ...fastPolicy, baseUrl: `${recordings.baseUrl}/hang`, logger: h.deps.logger });
    const started = Date.now();
    const failure = await proxy.open(call.id, undefined).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({
      code: 'unavailable',
      message: `The recording could not be fetched from ${new URL(recordings.baseUrl).host} after 3 attempts: no answer within 300 ms`,
    });
    expect(recordings.hits(`/hang/${call.id}`)).toBe(3);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('answers the console 503 with the reason when the source refuses connections', async () => {
    const port = await closedPort();
    const broken = await startHubStack(h, {
      recordings: createRecordingProxy({ ...fastPolicy, baseUrl: `http://127.0.0.1:${port}/recordings`, logger: h.deps.logger }),
    });
    try {
      const agent = await signedInAgent(broken.app, viewer);
      const res = await agent.get(`/console/calls/${call.id}/recording`).set('accept', 'application/json');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        error: {
          code: 'unavailable',
          message: `The recording could not be fetched from 127.0.0.1:${port} after 3 attempts: connect ECONNREFUSED 127.0.0.1:${port}`,
        },
      });
    } finally {
      await broken.close();
    }
  });
});
