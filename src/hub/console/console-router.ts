import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Router } from 'express';
import { AppError } from '../../lib/errors/app-error.js';
import { RedisRateLimiter } from '../../lib/rate-limit/redis-rate-limiter.js';
import type { HubContext } from '../hub-context.js';
import { QueueChoicesCache } from '../review/queue-choices-cache.js';
import { consoleSession } from './auth/console-session.js';
import { requireCsrfToken } from './auth/csrf.js';
import { agentAccess } from './auth/agent-access.js';
import { requireUser } from './auth/require-user.js';
import { consoleErrorHandler } from './console-error-handler.js';
import type { ConsoleOptions } from './console-options.js';
import { registerAlertsPages } from './pages/alerts/alerts-route.js';
import { registerCalibration } from './pages/calibration/calibration-route.js';
import { registerCallWorkflows } from './pages/call-workflows/call-workflows-route.js';
import { registerCoaching } from './pages/coaching/coaching-route.js';
import { registerDisputes } from './pages/disputes/disputes-route.js';
import { registerMyCalls } from './pages/my-calls/my-calls-route.js';
import { registerCall } from './pages/call/call-route.js';
import { registerCalls } from './pages/calls/calls-route.js';
import { registerDashboard } from './pages/dashboard/dashboard-route.js';
import { registerDeliveries } from './pages/deliveries/deliveries-route.js';
import { registerFailedCalls } from './pages/failed/failed-calls-route.js';
import { registerQueue } from './pages/queue/queue-route.js';
import { registerQueues } from './pages/queues/queues-route.js';
import { registerReceipts } from './pages/receipts/receipts-route.js';
import { registerReportsPages } from './pages/reports/reports-route.js';
import { registerSignIn } from './pages/sign-in/sign-in-route.js';
import { securityHeaders } from './security-headers.js';

const assetsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets');
const chartJsFile = path.join(path.dirname(createRequire(import.meta.url).resolve('chart.js')), 'chart.umd.min.js');

/**
 * The console at /console: server-rendered pages (docs/console.md) for QA leads and viewers.
 * Sessions in PostgreSQL, a CSRF token on every change, leads act and viewers read. Each page is
 * a folder under pages/ (its route and its view); this file only puts them in order.
 */
export function createConsoleRouter(hub: HubContext, options: ConsoleOptions): Router {
  const router = express.Router();
  const secure = hub.settings.publicBaseUrl.startsWith('https://');
  const limiter = new RedisRateLimiter(hub.redis, { prefix: options.rateLimitPrefix });
  // The queue's filter choices, a few seconds per process; this process's own changes clear them at once.
  const choices = new QueueChoicesCache();

  router.use(securityHeaders);
  router.use('/assets', express.static(assetsDir, { maxAge: '1h', index: false }));
  router.get('/assets/chart.umd.min.js', (_req, res) => res.sendFile(chartJsFile, { maxAge: '1h' }));
  router.use(
    consoleSession({ store: options.sessionStore, secret: options.sessionSecret, idleMinutes: options.settings.idleMinutes, secure }),
  );
  router.use(express.urlencoded({ extended: false, limit: '64kb' }), express.json({ limit: '64kb' }));
  router.use(requireCsrfToken);

  registerSignIn(router, hub, options, limiter);
  router.use(requireUser({ db: hub.db, maxHours: options.settings.maxHours, now: hub.now }));
  router.use(agentAccess({ db: hub.db }));

  registerQueue(router, hub, options, choices);
  registerCalls(router, hub, options);
  registerCall(router, hub, choices, options.recordings, options.pool);
  registerDashboard(router, hub);
  registerFailedCalls(router, hub);
  registerQueues(router, hub);
  registerDeliveries(router, hub, options.deliveries);
  registerReceipts(router, hub);
  registerAlertsPages(router, hub);
  registerReportsPages(router, hub);
  registerCalibration(router, hub);
  registerDisputes(router, hub);
  registerCoaching(router, hub);
  registerMyCalls(router, hub);
  registerCallWorkflows(router, hub);

  router.use((req) => {
    throw new AppError('not_found', `No console page ${req.path}`);
  });
  router.use(consoleErrorHandler(hub));
  return router;
}
