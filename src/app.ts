import express, { type Express, type Router } from 'express';
import { createAdminRouter } from './hub/admin/admin-router.js';
import type { AdminIndexLink } from './hub/admin/admin-index.js';
import type { AdminRoute } from './hub/admin/admin-route.js';
import { createSlackRouter } from './hub/alerts/interactivity-router.js';
import type { ConsoleOptions } from './hub/console/console-options.js';
import { createConsoleRouter } from './hub/console/console-router.js';
import type { HubContext } from './hub/hub-context.js';
import { createReceiverFastPath } from './hub/webhooks/receiver-fast-path.js';
import { createReceiverRouter } from './hub/webhooks/receiver-router.js';
import { createWebhookIntake, type WebhookIntake } from './hub/webhooks/webhook-intake.js';
import type { EtagFn } from './lib/http/constant-json.js';
import { requestMetrics } from './lib/metrics/request-metrics.js';
import { AppError } from './lib/errors/app-error.js';
import { accessLog } from './lib/http/access-log.js';
import { createErrorHandler } from './lib/http/error-handler.js';
import { serveBeforeExpress } from './lib/http/serve-before-express.js';
import { assignRequestId } from './lib/http/request-id.js';
import { createApiFastPath } from './service/http/api-fast-path.js';
import { createOperationPipelines, type OperationPipeline } from './service/http/api-operation-pipeline.js';
import { createApiRouter } from './service/http/api-router.js';
import { serviceOperations } from './service/operations.js';
import { createUploadRouter } from './service/uploads/upload-router.js';
import { createRecordingRouter } from './service/recordings/recording-router.js';
import type { ServiceDeps } from './service/service-deps.js';
import type { Registry } from 'prom-client';
import { createMetricsRouter } from './metrics/metrics-endpoint.js';

export interface AdminOptions {
  token: () => Promise<string>;
  routes: readonly AdminRoute[];
  /** More links on the /admin index page (the console, when it is installed). */
  indexLinks?: readonly AdminIndexLink[];
}

/** GET /metrics (docs/metrics.md): what it serves and its bearer token. */
export interface MetricsOptions {
  registry: Registry;
  token: () => Promise<string>;
}

/**
 * A surface the composition root plugs in when its settings enable it (the sample calls at
 * /samples, docs/processes.md "Optional surfaces"); the app knows only its path and router.
 */
export interface OptionalSurface {
  path: string;
  router: Router;
}

/** What the web process serves beside the API, the receiver and the admin API. */
export interface WebSurfaces {
  metrics?: MetricsOptions;
  console?: ConsoleOptions;
  /** The optional surfaces the web process enables, each mounted at its path. */
  optional?: readonly OptionalSurface[];
  /**
   * Whether to serve the built-in API at /api, /uploads and /recordings (default true). False in hub-only mode
   * (README "Run the hub against the vendor's API"): those paths, like any unknown one, answer the
   * not-found handler's 404.
   */
  builtInService?: boolean;
}

/**
 * The HTTP app of the web process: the built-in API at /api and /uploads (and its recordings, an
 * extension, at /recordings), and, given the hub's
 * context, the hub's webhook receiver at /webhooks, Slack's interactivity endpoint at /slack and
 * its admin API at /admin; given their options, the Prometheus endpoint at /metrics and the
 * console at /console; and the optional surfaces it is given (the sample calls at /samples). The API's operations
 * (api-fast-path.ts) and the receiver's webhooks (receiver-fast-path.ts) are served in front of
 * Express's dispatch, whose prototype swap and middlewares cost more than a cached read
 * (docs/performance.md, "Serving in front of Express"); everything else, and any API or webhook request
 * those paths do not take (odd URLs, other methods, chunked, compressed or too-large bodies), by
 * Express, which answers them as before.
 */
export function createApp(deps: ServiceDeps, hub?: HubContext, admin?: AdminOptions, surfaces: WebSurfaces = {}): Express {
  const intake = hub ? createWebhookIntake(hub, { credentials: hub.receiverCredentials, bodyLimitBytes: hub.settings.receiver.bodyLimitBytes }) : undefined;
  const builtInService = surfaces.builtInService ?? true;
  // One set of operation pipelines (and one rate limiter) for the fast path and Express's router.
  const pipelines = builtInService ? createOperationPipelines(deps, serviceOperations) : undefined;
  const app = createExpressApp(deps, hub, admin, surfaces, { intake, pipelines });
  const etagFn = app.get('etag fn') as EtagFn | undefined;
  if (pipelines) {
    serveBeforeExpress(
      app,
      createApiFastPath({
        pipelines,
        logger: deps.logger,
        bodyLimitBytes: deps.settings.apiBodyLimitBytes,
        etagFn,
      }),
    );
  }
  if (hub && intake) {
    serveBeforeExpress(
      app,
      createReceiverFastPath({
        intake,
        logger: hub.logger,
        accessLogger: deps.logger,
        bodyLimitBytes: hub.settings.receiver.bodyLimitBytes,
        etagFn,
      }),
    );
  }
  return app;
}

/** What createApp's fast paths and its Express app share; createExpressApp makes its own of what is missing. */
export interface SharedHandlers {
  intake?: WebhookIntake;
  pipelines?: ReadonlyMap<string, OperationPipeline>;
}

/**
 * createApp's Express app alone, every request through Express's router (the receiver's too, by
 * `shared.intake`, or a new one; the API's by `shared.pipelines`, or new ones). The fast paths'
 * tests compare their answers with this app's.
 */
export function createExpressApp(deps: ServiceDeps, hub?: HubContext, admin?: AdminOptions, surfaces: WebSurfaces = {}, shared: SharedHandlers = {}): Express {
  const { intake } = shared;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.use(assignRequestId());
  app.use(accessLog(deps.logger));
  app.use(requestMetrics());
  // The receiver first: its paths match no other router, and its webhooks (the busiest traffic) skip their matching.
  if (hub) {
    const receiverOptions = { credentials: hub.receiverCredentials, bodyLimitBytes: hub.settings.receiver.bodyLimitBytes };
    app.use('/webhooks', createReceiverRouter(intake ?? createWebhookIntake(hub, receiverOptions), hub.logger, receiverOptions));
  }
  if (surfaces.builtInService ?? true) {
    app.use('/api', createApiRouter(deps, serviceOperations, shared.pipelines));
    app.use('/uploads', createUploadRouter(deps));
    app.use('/recordings', createRecordingRouter(deps));
  }
  for (const surface of surfaces.optional ?? []) app.use(surface.path, surface.router);
  if (surfaces.metrics) app.use('/metrics', createMetricsRouter(surfaces.metrics.registry, surfaces.metrics.token));
  if (hub) {
    if (admin) app.use('/admin', createAdminRouter(hub, admin));
    app.use('/slack', createSlackRouter(hub));
    if (surfaces.console) app.use('/console', createConsoleRouter(hub, surfaces.console));
  }
  app.use((req) => {
    throw new AppError('not_found', `Not found: ${req.method} ${req.path}`);
  });
  app.use(createErrorHandler(deps.logger));
  return app;
}
