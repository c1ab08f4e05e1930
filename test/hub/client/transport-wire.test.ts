/**
 * The client's transport (got on node:http) on the wire: an HTTP/1.0 server that ends the answer by
 * closing the connection, a body that stalls, redirects, Retry-After as a date and past its cap,
 * one request id for every attempt, and the caller's abort (docs/hub-client.md).
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createConversationClient, type ConversationClientOptions } from '../../../src/hub/client/index.js';
import { fakeUpstreamClient, upstreamFailure, useFakeUpstream } from './support.js';
import { errorWire, participantWire, transcriptionWire } from '../../fakes/wire-fixtures.js';

const fake = useFakeUpstream();

const clientFor = (options: Partial<ConversationClientOptions> = {}) => fakeUpstreamClient(fake, 500, options);

const failure = upstreamFailure;

/** A raw TCP server that answers every connection with `answer` (after reading the request head and body). */
async function rawServer(answer: (socket: Socket) => void): Promise<{ baseUrl: string; requests: string[]; close: () => Promise<void> }> {
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const length = Number(/content-length: *(\d+)/i.exec(received.slice(0, headEnd))?.[1] ?? 0);
      if (received.length - headEnd - 4 < length) return;
      requests.push(received);
      received = '';
      answer(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('an HTTP/1.0 server', () => {
  it('answering without content-length and closing the connection is read whole', async () => {
    // A large answer written in pieces, then the close that ends it (HTTP/1.0's framing).
    const participant = participantWire({ metadata: { notes: 'x'.repeat(200_000) } });
    const body = JSON.stringify({ data: { participant } });
    const server = await rawServer((socket) => {
      socket.write('HTTP/1.0 200 OK\r\nContent-Type: application/json\r\nX-Request-Id: old-server-1\r\n\r\n');
      for (let i = 0; i < body.length; i += 16_384) socket.write(body.slice(i, i + 16_384));
      socket.end();
    });
    try {
      const client = createConversationClient({ baseUrl: server.baseUrl, apiKey: 'k', rateLimitScale: 100 });
      const results = await Promise.all([1, 2, 3].map(() => client.getParticipant({ participant_id: participant.participant_id })));
      for (const result of results) expect(result.participant).toEqual(participant);
      expect(server.requests).toHaveLength(3);
      expect(server.requests[0]).toMatch(/^POST \/api\/get-participant HTTP\/1\.1\r\n/);
    } finally {
      await server.close();
    }
  });

  it('whose body stalls after the head times the attempt out (the time-out covers the body read)', async () => {
    const server = await rawServer((socket) => {
      socket.write('HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n{"data": {"partic');
    });
    try {
      const client = createConversationClient({
        baseUrl: server.baseUrl,
        apiKey: 'k',
        rateLimitScale: 100,
        timeoutMs: 200,
        maxAttempts: 2,
        backoffBaseMs: 10,
      });
      const started = performance.now();
      const error = await failure(client.getParticipant({ participant_id: participantWire().participant_id }));
      expect(error).toMatchObject({
        kind: 'timeout',
        status: null,
        code: 'timeout',
        message: 'No answer within 200 ms',
        attempts: 2,
        retryable: true,
      });
      expect(performance.now() - started).toBeLessThan(2_000);
    } finally {
      await server.close();
    }
  });
});

describe('redirects', () => {
  it('are never followed: a 3xx is an error naming the Location, and nothing else is sent', async () => {
    const before = fake.requestsFor('get-participant').length;
    fake.script('get-participant', { status: 301, text: '', headers: { location: 'https://elsewhere.example/api/get-participant' } });
    const error = await failure(clientFor().getParticipant({ participant_id: participantWire().participant_id }));
    expect(error).toMatchObject({
      kind: 'http',
      status: 301,
      code: 'http_301',
      message: 'HTTP 301 redirect to https://elsewhere.example/api/get-participant: check the upstream base URL',
      attempts: 1,
      retryable: false,
    });
    expect(fake.requestsFor('get-participant').length - before).toBe(1);
  });
});

describe('Retry-After', () => {
  it('as an HTTP date on a 503 is waited for', async () => {
    const transcription = transcriptionWire();
    // Dates have whole seconds: at least 1 s away, at most 2 s.
    const date = new Date(Math.ceil(Date.now() / 1_000) * 1_000 + 1_000);
    fake.script(
      'get-transcription',
      { status: 503, json: errorWire('unavailable', 'Down for a moment'), headers: { 'retry-after': date.toUTCString() } },
      { json: { data: transcription } },
    );
    await clientFor({ backoffBaseMs: 5 }).getTranscription({ transcription_id: transcription.transcription_id });
    const [, second] = fake.requestsFor('get-transcription').slice(-2);
    expect(performance.timeOrigin + second.at).toBeGreaterThanOrEqual(date.getTime() - 30);
  });

  it('is cut to maxRetryAfterMs', async () => {
    const transcription = transcriptionWire();
    fake.script(
      'get-transcription',
      { status: 429, json: errorWire('rate_limited', 'Slow down'), headers: { 'retry-after': '120' } },
      { json: { data: transcription } },
    );
    await clientFor({ maxRetryAfterMs: 150 }).getTranscription({ transcription_id: transcription.transcription_id });
    const [first, second] = fake.requestsFor('get-transcription').slice(-2);
    expect(second.at - first.at).toBeGreaterThanOrEqual(140);
    expect(second.at - first.at).toBeLessThan(1_500);
  });
});

describe('every attempt of a call', () => {
  it('carries the same x-request-id', async () => {
    fake.script('list-participants', ...Array.from({ length: 3 }, () => ({ status: 502, text: '<html>Bad gateway</html>' })));
    const error = await failure(clientFor({ backoffBaseMs: 1, maxAttempts: 3 }).listParticipants());
    const sent = fake
      .requestsFor('list-participants')
      .slice(-3)
      .map((r) => r.headers['x-request-id']);
    expect(new Set(sent).size).toBe(1);
    expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(error).toMatchObject({
      kind: 'server_error',
      status: 502,
      code: 'http_502',
      attempts: 3,
      requestId: expect.stringMatching(/^fake-\d+$/) as unknown,
    });
    expect(error.message).toBe('HTTP 502: <html>Bad gateway</html>');
  });
});

describe("the caller's abort", () => {
  it("ends a call waiting to retry, with the signal's reason", async () => {
    fake.script('list-participants', { status: 429, json: errorWire('rate_limited', 'Slow down'), headers: { 'retry-after': '30' } });
    const controller = new AbortController();
    const reason = new Error('the job was cancelled');
    const started = performance.now();
    const call = clientFor().listParticipants(undefined, { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 100);
    await expect(call).rejects.toBe(reason);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
