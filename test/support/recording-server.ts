/**
 * A local HTTP server for recording URLs: serves files, and misbehaves on request (404, hang,
 * endless body, redirect) for the failure-path tests.
 */
import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordingServer {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** Serve `file` at `/<name>`; returns its URL. */
  serve(name: string, file: string): string;
  /** Requests seen, by path. */
  hits(path: string): number;
  close(): Promise<void>;
}

export async function startRecordingServer(): Promise<RecordingServer> {
  const files = new Map<string, string>();
  const hits = new Map<string, number>();
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    const file = files.get(url.pathname);
    if (file) {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': statSync(file).size });
      createReadStream(file).pipe(res);
    } else if (url.pathname.startsWith('/hang/')) {
      hanging.add(res); // never answers
    } else if (url.pathname.startsWith('/endless/')) {
      // No content-length: the size cap has to be enforced while streaming.
      res.writeHead(200, { 'content-type': 'audio/wav' });
      const chunk = Buffer.alloc(64 * 1024, 1);
      const pump = () => {
        while (res.write(chunk)) {
          /* keep writing until the socket pushes back */
        }
      };
      res.on('drain', pump);
      res.on('error', () => undefined);
      pump();
    } else if (url.pathname.startsWith('/redirect/')) {
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
    } else {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    serve(name, file) {
      files.set(`/${name}`, file);
      return `${baseUrl}/${name}`;
    },
    hits: (p) => hits.get(p) ?? 0,
    close: () =>
      new Promise((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
