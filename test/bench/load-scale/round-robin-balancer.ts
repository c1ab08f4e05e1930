/**
 * A TCP load balancer on loopback, as one in front of several `web` processes: each new connection
 * goes to the next backend in turn, and one that refuses the connection (a process killed and not
 * restarted yet) is skipped for the next, as a balancer's health check and redispatch would.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface RoundRobinBalancer {
  port: number;
  /** Connections handed to each backend port so far. */
  connectionsByBackend(): Map<number, number>;
  close(): Promise<void>;
}

export async function startRoundRobinBalancer(backendPorts: readonly number[]): Promise<RoundRobinBalancer> {
  const sockets = new Set<Socket>();
  const counts = new Map<number, number>(backendPorts.map((port) => [port, 0]));
  let next = 0;

  const handOver = (client: Socket, attempt: number) => {
    if (attempt >= backendPorts.length) {
      client.destroy();
      return;
    }
    const port = backendPorts[next++ % backendPorts.length] ?? 0;
    const upstream = connect(port, '127.0.0.1');
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      counts.set(port, (counts.get(port) ?? 0) + 1);
      sockets.add(upstream);
      client.pipe(upstream).pipe(client);
      client.resume();
    });
    upstream.on('error', () => {
      if (!connected) return handOver(client, attempt + 1);
      client.destroy();
    });
    upstream.on('close', () => {
      sockets.delete(upstream);
      if (connected) client.destroy();
    });
  };

  const server: Server = createServer({ pauseOnConnect: true }, (client) => {
    sockets.add(client);
    client.on('error', () => client.destroy());
    client.on('close', () => sockets.delete(client));
    handOver(client, 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    connectionsByBackend: () => new Map(counts),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
