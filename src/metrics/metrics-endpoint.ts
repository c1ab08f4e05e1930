import express, { type Router } from 'express';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { requireAdminToken } from '../hub/admin/admin-auth.js';
import { metricsRegistry } from '../lib/metrics/metrics-registry.js';

let defaultMetricsOn = false;

/**
 * The registry a process serves: what it counts itself (metricsRegistry: requests, webhooks,
 * deliveries, alerts, mirror lag), Node's default process metrics, and `extra` (the web process's
 * scrape-time collectors).
 */
export function processMetricsRegistry(extra: Registry[] = []): Registry {
  if (!defaultMetricsOn) {
    collectDefaultMetrics({ register: metricsRegistry, prefix: 'convoqa_' });
    defaultMetricsOn = true;
  }
  return extra.length ? Registry.merge([metricsRegistry, ...extra]) : metricsRegistry;
}

/** GET /metrics in Prometheus' text format, behind `Authorization: Bearer <METRICS_TOKEN>`. */
export function createMetricsRouter(registry: Registry, token: () => Promise<string>): Router {
  const router = express.Router();
  router.get('/', requireAdminToken(token), async (_req, res) => {
    const body = await registry.metrics();
    res.setHeader('content-type', registry.contentType);
    res.send(body);
  });
  return router;
}
