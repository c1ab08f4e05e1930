/** Procfile `worker`: the BullMQ workers of every job. */
import './processes/require-supported-node.js';
import { createJobHandlers } from '../jobs/job-handlers.js';
import { loadConfig } from './config.js';
import { exitIfOrphanedWhileStarting, stopOnSignals } from './lifecycle.js';
import { ensureAdminToken } from './hub/admin/admin-token.js';
import { processMetricsRegistry } from './metrics/metrics-endpoint.js';
import { startMetricsServer } from './metrics/metrics-server.js';
import { logHalves } from './processes/halves.js';
import { createRuntime } from './processes/runtime.js';
import { startRuntimeWorkers } from './processes/start-runtime-workers.js';

const runtime = createRuntime(loadConfig(), 'worker');
logHalves(runtime.logger, runtime.config);
exitIfOrphanedWhileStarting(runtime.logger);
const workers = startRuntimeWorkers(runtime, createJobHandlers, 'convoqa-worker');
runtime.logger.info('worker started');
// What this worker counts (deliveries, alerts, mirror lag) on its own port, when METRICS_PORT is set.
const { metrics } = runtime.config;
const metricsServer = metrics.port
  ? await startMetricsServer({
      registry: processMetricsRegistry(),
      port: metrics.port,
      host: runtime.config.process.host,
      token: async () => metrics.token ?? (await ensureAdminToken(runtime.db, runtime.config.admin.token)).token,
      logger: runtime.logger,
    })
  : null;
stopOnSignals(runtime.logger, [workers.close, ...(metricsServer ? [metricsServer.stop] : []), runtime.close]);
