/**
 * A small stand-in for a deployment of the Conversation API, for failure tests of the client. It
 * checks what the real one checks (POST, the x-api-key header, a JSON body sent as
 * application/json) and answers each operation from a script of replies, in order.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  operation: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: unknown;
  /** performance.now() when the request arrived. */
  at: number;
}

export type FakeReply =
  | {
      status?: number;
      /** Sent as JSON. */
      json?: unknown;
      /** Sent as is (for answers that are not JSON). */
      text?: string;
      headers?: Record<string, string>;
      /** Wait this long before answering (time-out tests). */
      delayMs?: number;
    }
  /** Drop the connection without answering (network error tests). */
  | { destroy: true };

export interface FakeUpstream {
  /** What the client takes as its baseUrl. */
  baseUrl: string;
  apiKey: string;
  requests: FakeRequest[];
  /** Queues replies for an operation, used one per request; an unscripted request gets 500. */
  script(operation: string, ...replies: FakeReply[]): void;
  requestsFor(operation: string): FakeRequest[];
  /** Drops the replies not used yet and says how many there were (a test scripted too many). */
  resetScripts(): number;
  close(): Promise<void>;
}

const errorJson = (code: string, message: string) => ({ error: { code, message } });

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const apiKey = `cq_fake_${randomBytes(8).toString('hex')}`;
  const requests: FakeRequest[] = [];
  const scripts = new Map<string, FakeReply[]>();

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const operation = (req.url ?? '/').replace(/^\/api\//, '').replace(/^\//, '');
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = undefined;
      }
      requests.push({ operation, headers: req.headers, rawBody, body, at: performance.now() });

      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(payload));
      };
      if (req.method !== 'POST') return send(404, errorJson('not_found', `Not found: ${req.method} ${req.url}`));
      if (req.headers['x-api-key'] !== apiKey) return send(403, errorJson('forbidden', 'Invalid API key'));
      if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) {
        return send(400, errorJson('invalid_value', 'Content-Type must be application/json'));
      }
      if (body === undefined) return send(400, errorJson('invalid_json', 'Invalid JSON format'));

      const reply = scripts.get(operation)?.shift();
      if (!reply) return send(500, { error: { code: 'internal', message: `no reply scripted for ${operation}` } });
      if ('destroy' in reply) {
        req.socket.destroy();
        return;
      }
      const answer = () => {
        if (res.destroyed) return;
        const headers = { 'x-request-id': `fake-${requests.length}`, ...reply.headers };
        if (reply.text !== undefined) {
          res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...headers });
          res.end(reply.text);
        } else send(reply.status ?? 200, reply.json ?? {}, headers);
      };
      if (reply.delayMs) setTimeout(answer, reply.delayMs);
      else answer();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    apiKey,
    requests,
    script(operation, ...replies) {
      scripts.set(operation, [...(scripts.get(operation) ?? []), ...replies]);
    },
    requestsFor: (operation) => requests.filter((r) => r.operation === operation),
    resetScripts() {
      const unused = [...scripts.values()].reduce((sum, replies) => sum + replies.length, 0);
      scripts.clear();
      return unused;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
