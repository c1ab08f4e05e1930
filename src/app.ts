import express, { type Express, type Router } from 'express';
import type { RequestListener } from './lib/http/machine-surface.js';
import { createAdminRouter } from './hub/admin/admin-router.js';
import type { AdminIndexLink } from './hub/admin/admin-index.js';
import type { AdminRoute } from './hub/admin/admin-route.js';
import { createSlackRouter } from './hub/alerts/interactivity-router.js';
import type { ConsoleOptions } from './hub/console/console-options.js';
import { createConsoleRouter } from './hub/console/console-router.js';
import { OutboxRelay } from './hub/webhooks/outbox-relay.js';
import { createReceiverSurface, receiverMountPath } from './hub/webhooks/receiver-surface.js';
import { createWebhookIntake } from './hub/webhooks/webhook-intake.js';
import type { HubContext } from './hub/hub-context.js';
import { requestMetrics } from './lib/metrics/request-metrics.js';
import { AppError } from './lib/errors/app-error.js';
import { accessLog } from './lib/http/access-log.js';
import { createErrorHandler } from './lib/http/error-handler.js';
import { assignRequestId } from './lib/http/request-id.js';
import { serviceOperations } from './service/operations.js';
import { apiMountPath, createApiSurface } from './service/http/api-surface.js';
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
   * (README "Run the hub against the vendor's API"): those paths, like any unknown one, answer
   * Express's not-found handler's 404.
   */
  builtInService?: boolean;
  /**
   * The relay of the receiver's outbox (outbox-relay.ts), which the web process starts with its
   * sweep and stops on shutdown. Default: one of the app's own, without the sweep.
   */
  receiptRelay?: OutboxRelay;
}

/** What createApp gives: a plain Node request listener, for a server or supertest. */
export type WebApp = RequestListener;

/** Whether a request's URL is `mount` or below it (`/api`, `/api/x`, `/api?x`), capitals ignored. */
function isUnder(url: string, mount: string): boolean {
  if (url.length < mount.length || url.slice(0, mount.length).toLowerCase() !== mount) return false;
  const next = url.charCodeAt(mount.length);
  return Number.isNaN(next) || next === 0x2f /* / */ || next === 0x3f /* ? */;
}

/**
 * The HTTP app of the web process, two stacks side by side, each request served by exactly one
 * (docs/performance.md, "One stack per surface"). The machine-facing surfaces, each a plain Node
 * request listener of its own (machine-surface.ts): the built-in API at /api (api-surface.ts)
 * and, given the hub's context, its webhook receiver at /webhooks (receiver-surface.ts).
 * Everything else is Express's (createExpressApp): /uploads, the recordings (an extension) at
 * /recordings, Slack's interactivity endpoint at
 * /slack, the admin API at /admin and, given their options, /metrics, /console and the optional surfaces (the sample calls at /samples).
 */
export function createApp(deps: ServiceDeps, hub?: HubContext, admin?: AdminOptions, surfaces: WebSurfaces = {}): WebApp {
  const builtInService = surfaces.builtInService ?? true;
  const expressApp = createExpressApp(deps, hub, admin, surfaces);
  const api = builtInService ? createApiSurface(deps, serviceOperations) : undefined;
  const receiver = hub
    ? createReceiverSurface(
        createWebhookIntake(hub, {
          credentials: hub.receiverCredentials,
          bodyLimitBytes: hub.settings.receiver.bodyLimitBytes,
          relay: surfaces.receiptRelay ?? new OutboxRelay(hub),
        }),
        {
          bodyLimitBytes: hub.settings.receiver.bodyLimitBytes,
          logger: hub.logger,
          accessLogger: deps.logger,
        },
      )
    : undefined;
  return (req, res) => {
    const url = req.url ?? '/';
    if (receiver && isUnder(url, receiverMountPath)) receiver(req, res);
    else if (api && isUnder(url, apiMountPath)) api(req, res);
    else expressApp(req, res);
  };
}

/**
 * createApp's human-facing half: Express, with the request id, access log and request metrics
 * middlewares, the routers of the surfaces that are not machine-facing, and the not-found and
 * error handlers. It never sees /api nor /webhooks (createApp sends those to their own stacks).
 */
export function createExpressApp(deps: ServiceDeps, hub?: HubContext, admin?: AdminOptions, surfaces: WebSurfaces = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.use(assignRequestId());
  app.use(accessLog(deps.logger));
  app.use(requestMetrics());
  if (surfaces.builtInService ?? true) {
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
