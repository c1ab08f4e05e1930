import type { AdminRoute } from './admin-route.js';
import { agreementRoutes } from './routes/agreement-routes.js';
import { alertRoutes } from './routes/alert-routes.js';
import { calibrationRoutes } from './routes/calibration-routes.js';
import { coachingRoutes } from './routes/coaching-routes.js';
import { consoleUserRoutes } from './routes/console-user-routes.js';
import { apiProxyRoutes } from './routes/api-proxy-route.js';
import { disputeRoutes } from './routes/dispute-routes.js';
import { healthRoutes } from './routes/health-routes.js';
import { queueRoutes } from './routes/queue-routes.js';
import { receiptRoutes } from './routes/receipt-routes.js';
import { reportRoutes } from './routes/report-routes.js';
import { samplingRoutes } from './routes/sampling-routes.js';
import { assignmentRoutes } from './routes/assignment-routes.js';
import { syncRoutes } from './routes/sync-routes.js';
import { transcriptionRoutes } from './routes/transcription-routes.js';

/** The hub's own admin routes (the embedded glue adds the built-in service's accounts). */
export const hubAdminRoutes: readonly AdminRoute[] = [
  ...healthRoutes,
  ...transcriptionRoutes,
  ...syncRoutes,
  ...receiptRoutes,
  ...reportRoutes,
  ...alertRoutes,
  ...queueRoutes,
  ...consoleUserRoutes,
  ...disputeRoutes,
  ...coachingRoutes,
  ...calibrationRoutes,
  ...agreementRoutes,
  ...samplingRoutes,
  ...assignmentRoutes,
  ...apiProxyRoutes,
];
