import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local port nothing listens on: connections to it are refused (ECONNREFUSED). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
