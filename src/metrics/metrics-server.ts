import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Registry } from 'prom-client';
import { AppError } from '../lib/errors/app-error.js';
import { createErrorHandler } from '../lib/http/error-handler.js';
import type { Logger } from '../logger.js';
import { createMetricsRouter } from './metrics-endpoint.js';

/** A worker's own /metrics (METRICS_PORT), with the same token as the web's. */
export async function startMetricsServer(options: {
  registry: Registry;
  port: number;
  host: string;
  token: () => Promise<string>;
  logger: Logger;
}): Promise<{ port: number; stop: () => Promise<void> }> {
  const app = express();
  app.disable('x-powered-by');
  app.use('/metrics', createMetricsRouter(options.registry, options.token));
  app.use((req) => {
    throw new AppError('not_found', `Not found: ${req.method} ${req.path}`);
  });
  app.use(createErrorHandler(options.logger));
  const server: Server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  options.logger.info({ port }, 'metrics listening');
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
