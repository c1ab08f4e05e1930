/**
 * What the fast paths' parity tests (test/hub/mirror/receiver-fast-path.test.ts,
 * test/service/api-fast-path.test.ts) share: an app on a real port with its log lines kept and,
 * per request, whether the fast path took it; raw requests and answers with every header in
 * order; the request metrics' deltas; log lines without what differs from run to run.
 */
import { createServer, request, ServerResponse, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import { expect } from 'vitest';
import { httpRequestDuration } from '../../src/lib/metrics/request-metrics.js';

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** Sent with Transfer-Encoding: chunked, in two writes. */
  chunked?: boolean;
  /** Sent by hand on a socket, without Content-Length or a body (Node's client would add `Content-Length: 0`). */
  bare?: boolean;
}
export interface RawAnswer {
  status: number;
  headers: string[];
  body: string;
}

/** A logger whose lines are kept, at every level. */
export function capturingLogger(): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'trace' }, stream), lines };
}

export interface ServedApp {
  port: number;
  lines: Record<string, unknown>[];
  /** Per request: whether the fast path took it. */
  served: ('fast' | 'express')[];
  close: () => Promise<void>;
}

/** One app on a real port, built with a capturing logger; `served` says, per request, whether the fast path took it. */
export async function serveApp(build: (logger: Logger) => (req: never, res: never) => void): Promise<ServedApp> {
  const { logger, lines } = capturingLogger();
  const app = build(logger) as unknown as (req: unknown, res: ServerResponse) => void;
  const served: ('fast' | 'express')[] = [];
  const server: Server = createServer((req, res) => {
    app(req, res);
    // Express's dispatch swaps the response's prototype at once; the fast path never does.
    served.push(Object.getPrototypeOf(res) === ServerResponse.prototype ? 'fast' : 'express');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, lines, served, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A request without a body or Content-Length, written by hand; the answer read until the server closes. */
function sendBare(port: number, raw: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      const lines = [`${raw.method} ${raw.path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...Object.entries(raw.headers ?? {}).map(([name, value]) => `${name}: ${value}`)];
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...headerLines] = text.slice(0, split).split('\r\n');
      resolve({ status: Number(statusLine.split(' ')[1]), headers: headerLines.filter((line) => !/^date:/i.test(line)), body: text.slice(split + 4) });
    });
  });
}

/** Sends one request on a new connection; the answer with every header but Date, in order. */
export function sendRaw(port: number, raw: RawRequest): Promise<RawAnswer> {
  if (raw.bare) return sendBare(port, raw);
  return new Promise((resolve, reject) => {
    const body = raw.body === undefined ? undefined : Buffer.from(raw.body);
    const headers = { ...raw.headers, ...(body && !raw.chunked ? { 'content-length': String(body.length) } : {}) };
    const req = request({ host: '127.0.0.1', port, method: raw.method, path: raw.path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const pairs: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i];
          if (name.toLowerCase() !== 'date') pairs.push(`${name}: ${res.rawHeaders[i + 1]}`);
        }
        resolve({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', reject);
    if (body && raw.chunked) {
      req.write(body.subarray(0, 10));
      req.end(body.subarray(10));
    } else req.end(body);
  });
}

/** The request metrics' counts so far, by label set. */
export async function requestCounts(): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const value of (await httpRequestDuration.get()).values) {
    if (value.metricName?.endsWith('_count')) counts.set(`http ${JSON.stringify(value.labels)}`, value.value);
  }
  return counts;
}

/** What changed between two counts. */
export const countDifference = (before: Map<string, number>, after: Map<string, number>) =>
  Object.fromEntries([...after].filter(([key, value]) => value !== (before.get(key) ?? 0)).map(([key, value]) => [key, value - (before.get(key) ?? 0)]));

export const uuids = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** A log line without what differs from run to run: times, durations, ids made per request, stacks. */
export function comparableLogLine(line: Record<string, unknown>): unknown {
  const varying = new Set(['time', 'pid', 'hostname', 'responseTime', 'stack']);
  return JSON.parse(
    JSON.stringify(line, (key, value: unknown) => (varying.has(key) ? undefined : value))
      .replace(uuids, '<uuid>')
      .replace(/\b\d+ ms\b/g, '<n> ms'),
  ) as unknown;
}

/** What one app gave for a case's requests, made comparable. */
export interface ParityOutcome {
  answers: unknown[];
  metrics: Record<string, number>;
  log: unknown[];
}

/**
 * The app with the fast path and Express's alone gave the same answers, metric deltas and log
 * lines (and some of each), and every request went the way the case says: through the fast path
 * when `fast`, else through Express; Express's app never took the fast path.
 */
export function expectSameOutcomes(viaWeb: ParityOutcome, viaExpress: ParityOutcome, apps: { web: ServedApp; express: ServedApp; fast: boolean }): void {
  expect(viaWeb.answers).toEqual(viaExpress.answers);
  expect(viaWeb.metrics).toEqual(viaExpress.metrics);
  expect(Object.keys(viaWeb.metrics).length).toBeGreaterThan(0);
  expect(viaWeb.log).toEqual(viaExpress.log);
  expect(apps.web.served.every((path) => path === (apps.fast ? 'fast' : 'express'))).toBe(true);
  expect(apps.express.served.every((path) => path === 'express')).toBe(true);
}
