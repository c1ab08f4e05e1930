import { createServer, type Server } from 'node:http';
import { createApp } from '../app.js';
import type { Runtime } from '../runtime.js';
import { createHubContext } from './hub-context.js';

/** Starts the HTTP server; stop() stops accepting, lets in-flight requests finish, then resolves. */
export async function startWeb(runtime: Runtime): Promise<{ server: Server; stop: () => Promise<void> }> {
  const app = createApp(runtime.serviceDeps, createHubContext(runtime));
  const server = createServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(runtime.config.port, runtime.config.host, resolve);
  });
  runtime.logger.info({ port: runtime.config.port, api: `${runtime.config.publicBaseUrl}/api` }, 'web listening');
  return {
    server,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
