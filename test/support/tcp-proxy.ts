/**
 * A TCP proxy to PostgreSQL or Redis that a test can take down and bring back, so outages are
 * simulated for one component without stopping the shared server other tests use.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Refuses new connections and cuts the open ones. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        sockets.add(client).add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        const address = server?.address();
        port = typeof address === 'object' && address ? address.port : port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  await listen();
  return {
    get port() {
      return port;
    },
    down: stop,
    up: listen,
    close: stop,
  };
}

const defaultPorts: Record<string, number> = { 'postgresql:': 5432, 'postgres:': 5432, 'redis:': 6379, 'http:': 80 };

/**
 * A proxy to the host and port of `url` (a database, Redis or HTTP URL), with `url` itself
 * rewritten to go through it: hand `proxy.url` to what should lose the service when it goes down.
 */
export async function startTcpProxyFor(url: string): Promise<TcpProxy & { url: string }> {
  const target = new URL(url);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || defaultPorts[target.protocol] || 0) });
  target.port = String(proxy.port);
  return Object.assign(proxy, { url: target.toString() });
}
