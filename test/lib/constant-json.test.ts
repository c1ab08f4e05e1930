/**
 * sendConstantJson (the receiver's answers): the same status, headers in the same order and bytes
 * as `res.status(s).json(value)`, with the ETag on and off, after other headers were set, and for
 * the values the receiver answers with; non-POST requests fall back to res.json.
 */
import { once } from 'node:events';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareConstantJson, sendConstantJson } from '../../src/lib/http/constant-json.js';

const values = [
  { data: { received: true, duplicate: false } },
  { data: { received: true, duplicate: true } },
  { data: { received: true, duplicate: false, test: true } },
  { data: { text: 'héllo ✓ "quoted" \u2028', n: [1, 2.5, null] } },
];

function startApp(etag: boolean) {
  const app = express();
  if (!etag) app.set('etag', false);
  app.use((_req, res, next) => {
    res.setHeader('X-Request-Id', 'r-1');
    next();
  });
  values.forEach((value, i) => {
    const prepared = prepareConstantJson(value);
    app.all(`/json/${i}`, (_req, res) => void res.status(202).json(value));
    app.all(`/constant/${i}`, (_req, res) => sendConstantJson(res, 202, prepared));
  });
  const server = app.listen(0, '127.0.0.1');
  return { server, port: () => (server.address() as AddressInfo).port };
}

async function fetchRaw(port: number, method: string, path: string): Promise<{ status: number; rawHeaders: string[]; body: string }> {
  const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: { 'content-type': 'application/json' } });
  req.end(method === 'POST' ? '{}' : undefined);
  const [res] = (await once(req, 'response')) as [IncomingMessage];
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  // Date is the clock's; everything else must match.
  const rawHeaders = res.rawHeaders.flatMap((v, i, all) => (i % 2 === 0 && v !== 'Date' ? [v, all[i + 1]] : []));
  return { status: res.statusCode ?? 0, rawHeaders, body: Buffer.concat(chunks).toString('utf8') };
}

describe.each([true, false])('sendConstantJson, etag %s', (etag) => {
  const started = startApp(etag);
  beforeAll(async () => {
    if (!started.server.listening) await once(started.server, 'listening');
  });
  afterAll(() => new Promise<void>((resolve) => started.server.close(() => resolve())));

  it.each(values.map((_, i) => i))('answers value %i exactly as res.json does, to POST and to GET', async (i) => {
    for (const method of ['POST', 'GET', 'HEAD', 'PUT']) {
      const viaJson = await fetchRaw(started.port(), method, `/json/${i}`);
      const viaConstant = await fetchRaw(started.port(), method, `/constant/${i}`);
      expect(viaConstant, method).toEqual(viaJson);
      expect(viaConstant.rawHeaders).toContain('Content-Length');
      if (etag) expect(viaConstant.rawHeaders).toContain('ETag');
      else expect(viaConstant.rawHeaders).not.toContain('ETag');
    }
  });

  it('is the answer for the second request too (the ETag is cached per etag function)', async () => {
    const first = await fetchRaw(started.port(), 'POST', '/constant/0');
    const second = await fetchRaw(started.port(), 'POST', '/constant/0');
    expect(second).toEqual(first);
    expect(first.body).toBe('{"data":{"received":true,"duplicate":false}}');
  });
});
