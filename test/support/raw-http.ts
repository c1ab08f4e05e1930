/**
 * Sends one request to a request listener on a real port with Node's client, for what supertest
 * does not send as such: a chunked body (no Content-Length), raw bytes with any Content-Encoding.
 */
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebApp } from '../../src/app.js';

export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** Send the body in two chunks with Transfer-Encoding: chunked instead of a Content-Length. */
  chunked?: boolean;
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The body as JSON, or undefined when it is empty. */
  json: unknown;
}

export async function sendRaw(app: WebApp, raw: RawRequest): Promise<RawAnswer> {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const body = raw.body === undefined ? undefined : Buffer.from(raw.body);
    const headers = { ...raw.headers, ...(body && !raw.chunked ? { 'content-length': String(body.length) } : {}) };
    return await new Promise<RawAnswer>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method: raw.method ?? 'POST', path: raw.path, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: text ? (JSON.parse(text) as unknown) : undefined });
        });
      });
      req.on('error', reject);
      if (body && raw.chunked) {
        const half = Math.floor(body.length / 2);
        req.write(body.subarray(0, half));
        req.write(body.subarray(half));
      } else if (body) req.write(body);
      req.end();
    });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
