import { Registry } from 'prom-client';

/**
 * The registry /metrics serves (docs/metrics.md): the metrics a process counts itself (requests,
 * webhooks received) and the collectors that read the database and Redis on each scrape.
 */
export const metricsRegistry = new Registry();
