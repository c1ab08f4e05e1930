/**
 * The worker process (Procfile `worker`), composed: its settings, its runtime and contexts, a
 * BullMQ worker per job with the handlers the entry passes (jobs/job-handlers.ts), its own metrics
 * server when METRICS_PORT is set, and the orderly stop on a signal.
 */
import { loadConfig } from '../../config.js';
import { ensureAdminToken } from '../../hub/admin/admin-token.js';
import { exitIfOrphanedWhileStarting, stopOnSignals } from '../../lifecycle.js';
import { processMetricsRegistry } from '../../metrics/metrics-endpoint.js';
import { startMetricsServer } from '../../metrics/metrics-server.js';
import type { JobHandlers } from '../../queues/job-handler.js';
import type { Contexts } from '../contexts.js';
import { logHalves } from '../halves.js';
import { createRuntime } from '../runtime.js';
import { startRuntimeWorkers } from './start-runtime-workers.js';

export async function runWorkerProcess(createHandlers: (contexts: Contexts) => JobHandlers): Promise<void> {
  const runtime = createRuntime(loadConfig(), 'worker');
  logHalves(runtime.logger, runtime.config);
  exitIfOrphanedWhileStarting(runtime.logger);
  const workers = startRuntimeWorkers(runtime, createHandlers, 'convoqa-worker');
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
}
