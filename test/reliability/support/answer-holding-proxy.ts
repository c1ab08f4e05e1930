/**
 * An HTTP forwarder that can keep an answer back: armed, the next request on a given path is
 * carried out by the target (e.g. Slack records the post) but its answer is held, never sent, so a
 * test can kill the caller at the exact moment "the call happened, the caller does not know yet".
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HeldCall {
  path: string;
  body: string;
}

export interface AnswerHoldingProxy {
  /** Base URL ending with `/`, standing in for `target`. */
  baseUrl: string;
  /** Holds the answer of the next request whose path ends with `pathSuffix`; resolves once one is held. */
  holdNext(pathSuffix: string): Promise<HeldCall>;
  /** Stops waiting for a held call (the promise of holdNext stays pending). */
  disarm(): void;
  held: HeldCall[];
  close(): Promise<void>;
}

export async function startAnswerHoldingProxy(target: string): Promise<AnswerHoldingProxy> {
  const targetBase = target.endsWith('/') ? target : `${target}/`;
  let armed: { suffix: string; resolve: (call: HeldCall) => void } | null = null;
  const held: HeldCall[] = [];
  const parked: ServerResponse[] = [];

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').replace(/^\//, '');
      const headers: Record<string, string> = {};
      for (const name of ['authorization', 'content-type']) {
        const value = req.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      void fetch(new URL(path, targetBase), { method: req.method, headers, body: req.method === 'GET' ? undefined : body })
        .then(async (answer) => {
          const text = await answer.text();
          const pathname = path.split('?')[0] ?? '';
          if (armed && pathname.endsWith(armed.suffix)) {
            const call = { path: pathname, body };
            held.push(call);
            parked.push(res);
            armed.resolve(call);
            armed = null;
            return;
          }
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(text);
        })
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    holdNext: (suffix) => new Promise<HeldCall>((resolve) => (armed = { suffix, resolve })),
    disarm: () => (armed = null),
    held,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of parked) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
