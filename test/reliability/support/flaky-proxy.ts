/**
 * A fault-injecting HTTP proxy in front of the Conversation API: a share of the requests (30% by
 * default) is answered with an injected 429 rate_limited (Retry-After: 1, never forwarded), an
 * injected 500 (half of them after forwarding, so the upstream ran the call and only its answer is
 * lost), or a hang (forwarded, the upstream's answer withheld until the client gives up). The rest
 * is forwarded as is.
 *
 * Deterministic: whether a request is faulted depends only on the seed, the operation, the body
 * (as `identify` names it) and how many times that same request was seen before (a seeded hash,
 * not a shared random stream), so concurrent callers interleaving differently get the same faults.
 *
 * It counts per operation what it injected, what it forwarded, and what the upstream itself
 * answered 429 (rate_limited or quota_exceeded), which no injected fault can be confused with.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type InjectedFault = '429' | '500' | 'timeout';

export interface OperationCounts {
  requests: number;
  /** Requests that reached the upstream (a 500 injected after forwarding and every hang included). */
  forwarded: number;
  injected429: number;
  injected500: number;
  /** Of injected500: the upstream ran the call first. */
  injected500AfterForward: number;
  injectedTimeouts: number;
  /** Hangs the client abandoned (closed the connection) before the proxy's hold ran out. */
  clientGaveUp: number;
  /** 429s the upstream itself answered, by code. */
  upstreamRateLimited: number;
  upstreamQuotaExceeded: number;
  /** Other answers of the upstream that went back to the client, by status. */
  upstreamStatuses: Record<number, number>;
}

export interface FlakyProxyOptions {
  /** The upstream's origin and path prefix, e.g. `http://127.0.0.1:1234/api`. */
  target: string;
  seed: number;
  /** Share of requests faulted, split evenly between 429, 500 and hang. Default 0.3. */
  faultRate?: number;
  /** How long a hang holds the answer at most (the client's time-out must be shorter). Default 5,000 ms. */
  holdMs?: number;
  /**
   * Rewrites a request body into the identity the fault draw hashes. Ids made at random by each
   * run (UUIDs) would change the draws from run to run: the test maps them to stable names.
   */
  identify?: (body: string) => string;
}

export interface FlakyProxy {
  /** Base URL to give the client (ends like the target's path). */
  baseUrl: string;
  counts: Map<string, OperationCounts>;
  /** The counts summed over every operation. */
  totals(): OperationCounts;
  close(): Promise<void>;
}

const emptyCounts = (): OperationCounts => ({
  requests: 0,
  forwarded: 0,
  injected429: 0,
  injected500: 0,
  injected500AfterForward: 0,
  injectedTimeouts: 0,
  clientGaveUp: 0,
  upstreamRateLimited: 0,
  upstreamQuotaExceeded: 0,
  upstreamStatuses: {},
});

/** Two uniform numbers in [0, 1) from a SHA-256 of the seed and the request's identity. */
function draw(seed: number, identity: string): [number, number] {
  const digest = createHash('sha256').update(`${seed}\n${identity}`).digest();
  return [digest.readUInt32BE(0) / 2 ** 32, digest.readUInt32BE(4) / 2 ** 32];
}

const hopByHop = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'host',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
]);

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function errorCodeOf(text: string): string | undefined {
  try {
    const parsed = JSON.parse(text) as { error?: { code?: unknown } };
    return typeof parsed.error?.code === 'string' ? parsed.error.code : undefined;
  } catch {
    return undefined;
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export async function startFlakyProxy(options: FlakyProxyOptions): Promise<FlakyProxy> {
  const target = new URL(options.target.replace(/\/+$/, ''));
  const faultRate = options.faultRate ?? 0.3;
  const holdMs = options.holdMs ?? 5_000;
  const counts = new Map<string, OperationCounts>();
  const seen = new Map<string, number>();
  const sockets = new Set<Socket>();
  const holds = new Set<NodeJS.Timeout>();

  const countsOf = (operation: string) => {
    let c = counts.get(operation);
    if (!c) counts.set(operation, (c = emptyCounts()));
    return c;
  };

  const forward = async (req: IncomingMessage, path: string, body: Buffer) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !hopByHop.has(name)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const response = await fetch(`${target.origin}${path}`, { method: req.method, headers, body: body.length ? body : undefined });
    const answerHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!hopByHop.has(name) && name !== 'content-encoding') answerHeaders[name] = value;
    });
    return { status: response.status, headers: answerHeaders, text: await response.text() };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const url = req.url ?? '/';
    const operation = url.split('?')[0]?.split('/').filter(Boolean).at(-1) ?? '';
    // The proxy's own path is the target's, so the client sees the same layout.
    const path = url;
    const c = countsOf(operation);
    c.requests += 1;

    const identity = `${req.method} ${operation}\n${(options.identify ?? ((text: string) => text))(body.toString('utf8'))}`;
    const nth = seen.get(identity) ?? 0;
    seen.set(identity, nth + 1);
    const [r, side] = draw(options.seed, `${identity}\n${nth}`);
    const fault: InjectedFault | null = r < faultRate / 3 ? '429' : r < (2 * faultRate) / 3 ? '500' : r < faultRate ? 'timeout' : null;

    if (fault === '429') {
      c.injected429 += 1;
      sendJson(res, 429, { error: { code: 'rate_limited', message: 'Injected by the flaky proxy' } }, { 'retry-after': '1' });
      return;
    }
    if (fault === '500' && side < 0.5) {
      c.injected500 += 1;
      sendJson(res, 500, { error: { code: 'internal_error', message: 'Injected by the flaky proxy (not forwarded)' } });
      return;
    }

    const answer = await forward(req, path, body);
    c.forwarded += 1;
    if (answer.status === 429) {
      if (errorCodeOf(answer.text) === 'quota_exceeded') c.upstreamQuotaExceeded += 1;
      else c.upstreamRateLimited += 1;
    }

    if (fault === '500') {
      c.injected500 += 1;
      c.injected500AfterForward += 1;
      sendJson(res, 500, { error: { code: 'internal_error', message: 'Injected by the flaky proxy (after forwarding)' } });
      return;
    }
    if (fault === 'timeout') {
      c.injectedTimeouts += 1;
      // The upstream has run the call; its answer never comes back. Hold until the client gives up.
      if (res.closed || res.socket?.destroyed !== false) {
        c.clientGaveUp += 1;
        res.destroy();
        return;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          holds.delete(timer);
          resolve();
        }, holdMs);
        holds.add(timer);
        res.on('close', () => {
          if (holds.delete(timer)) {
            clearTimeout(timer);
            c.clientGaveUp += 1;
            resolve();
          }
        });
      });
      res.destroy();
      return;
    }
    c.upstreamStatuses[answer.status] = (c.upstreamStatuses[answer.status] ?? 0) + 1;
    res.writeHead(answer.status, { ...answer.headers, 'content-length': Buffer.byteLength(answer.text) });
    res.end(answer.text);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 502, { error: { code: 'proxy_error', message: String(error) } });
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}${target.pathname === '/' ? '' : target.pathname}`,
    counts,
    totals() {
      const sum = emptyCounts();
      for (const c of counts.values()) {
        for (const key of Object.keys(sum) as (keyof OperationCounts)[]) {
          if (key === 'upstreamStatuses') {
            for (const [status, n] of Object.entries(c.upstreamStatuses))
              sum.upstreamStatuses[Number(status)] = (sum.upstreamStatuses[Number(status)] ?? 0) + n;
          } else {
            sum[key] += c[key];
          }
        }
      }
      return sum;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of holds) clearTimeout(timer);
        holds.clear();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
