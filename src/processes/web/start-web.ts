import { createServer, type Server } from 'node:http';
import { createApp } from '../../app.js';
import { adminAccountRoutes } from '../../embedded/admin-account-routes.js';
import { adminDeliveryRoutes } from '../../embedded/admin-delivery-routes.js';
import { createConsoleDeliveries } from '../../embedded/console-deliveries.js';
import { createConsoleRecordings } from '../../embedded/console-recordings.js';
import { hubAdminRoutes } from '../../hub/admin/admin-routes.js';
import { ensureAdminToken } from '../../hub/admin/admin-token.js';
import { startOutboxRelay } from '../../hub/webhooks/outbox-relay.js';
import { listenForApiKeyChanges } from '../../service/accounts/listen-api-key-changes.js';
import { createScrapeMetrics } from '../../metrics/scrape-metrics.js';
import { processMetricsRegistry } from '../../metrics/metrics-endpoint.js';
import { buildConsoleOptions } from './console-wiring.js';
import { optionalSurfaces } from './optional-surfaces.js';
import type { Runtime } from '../runtime.js';

/** Starts the HTTP server; stop() stops accepting, lets in-flight requests finish, then resolves. */
export async function startWeb(runtime: Runtime): Promise<{ server: Server; stop: () => Promise<void> }> {
  const { process: settings } = runtime.config;
  const admin = await ensureAdminToken(runtime.db, runtime.config.admin.token);
  if (admin.generated) {
    // Printed for the operator of the embedded default, on stderr and outside the structured log
    // (which never carries secrets). Set ADMIN_TOKEN to choose one, and nothing is printed.
    process.stderr.write(
      `convoqa admin API: ${settings.publicBaseUrl}/admin  token: ${admin.token}  (generated; set ADMIN_TOKEN to choose your own)\n`,
    );
  }
  const consoleWiring = await buildConsoleOptions(runtime.config, runtime.db);
  // Hub-only (README "Run the hub against the vendor's API"): no /api, /uploads or samples, no
  // admin routes of the service's accounts and deliveries, no key-change listener.
  const builtIn = runtime.config.halves.builtInService;
  // The receiver's outbox relay: queues the mirrors of committed receipts, and sweeps the ones
  // Redis did not take or a stopped process left (docs/mirror.md, "One receipt outbox").
  const receiptRelay = startOutboxRelay(runtime.contexts.hub);
  const app = createApp(
    runtime.contexts.service,
    runtime.contexts.hub,
    {
      token: () => Promise.resolve(admin.token),
      routes: builtIn ? [...hubAdminRoutes, ...adminAccountRoutes, ...adminDeliveryRoutes] : hubAdminRoutes,
      indexLinks: [{ href: '/console', label: 'The console for QA leads (/console; sign in as a console user, docs/console.md)' }],
    },
    {
      metrics: {
        registry: processMetricsRegistry([createScrapeMetrics(runtime)]),
        token: () => Promise.resolve(runtime.config.metrics.token ?? admin.token),
      },
      // The Deliveries page shows the built-in service's deliveries where it runs; hub-only, it says they are not available.
      // The call view's player hears the built-in service's recordings when it is the hub's upstream.
      console: {
        ...consoleWiring.options,
        ...(builtIn ? { deliveries: createConsoleDeliveries(runtime.contexts.service) } : {}),
        recordings: createConsoleRecordings({
          config: runtime.config,
          db: runtime.db,
          redis: runtime.redis,
          logger: runtime.logger,
          publicBaseUrl: settings.publicBaseUrl,
        }),
      },
      optional: optionalSurfaces(runtime.config),
      builtInService: builtIn,
      receiptRelay,
    },
  );
  const stopListening = builtIn
    ? listenForApiKeyChanges(runtime.config.process.databaseUrl, runtime.contexts.service.apiKeys, runtime.logger)
    : () => Promise.resolve();
  const server = createServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, resolve);
  });
  runtime.logger.info(
    { port: settings.port, ...(builtIn ? { api: `${settings.publicBaseUrl}/api` } : {}), console: `${settings.publicBaseUrl}/console` },
    'web listening',
  );
  return {
    server,
    // Stops accepting, lets requests in flight finish (up to 5 s), then closes what is left.
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => void Promise.allSettled([stopListening(), consoleWiring.close(), receiptRelay.stop()]).then(() => resolve()));
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 5_000).unref();
      }),
  };
}
