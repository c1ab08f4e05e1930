/**
 * A local webhook receiver: records each request with its raw body and headers, verifies the
 * Standard Webhooks signature with the `standardwebhooks` library, and answers the status it is
 * told to (default 200).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** The parsed event when the signature verified, else null. */
  verified: unknown;
  status: number;
}

export interface WebhookReceiver {
  baseUrl: string;
  received: ReceivedWebhook[];
  /** Status to answer for the next requests on a path (e.g. 500 to force retries). */
  answer(path: string, statuses: number[]): void;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/** `port`: listen on this one (a receiver stopped and started again keeps its URL); default any free one. */
export async function startWebhookReceiver(secret: () => string, options: { port?: number } = {}): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const scripted = new Map<string, number[]>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      let verified: unknown = null;
      try {
        verified = new Webhook(secret()).verify(body, headers);
      } catch {
        verified = null;
      }
      const path = req.url ?? '/';
      const status = scripted.get(path)?.shift() ?? 200;
      received.push({ path, headers, body, verified, status });
      res.writeHead(status).end(status < 300 ? 'ok' : 'try again');
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answer: (path, statuses) => scripted.set(path, [...statuses]),
    async waitFor(count, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} webhooks, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return received;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls until `check` returns a value (not undefined/false). */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 60_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
