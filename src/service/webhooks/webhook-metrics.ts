import { Counter } from 'prom-client';
import { metricsRegistry } from '../../lib/metrics/metrics-registry.js';

/** Outgoing webhook attempts by outcome (counted by the worker that made them). */
export const webhookAttempts = new Counter({
  name: 'convoqa_webhook_delivery_attempts_total',
  help: 'Outgoing webhook attempts by outcome: delivered, retry (a retryable failure), failed (permanent answer or retries exhausted)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

/** Outgoing webhook deliveries that finished, by outcome: delivered, or failed (kept for replay). */
export const webhookDeliveries = new Counter({
  name: 'convoqa_webhook_deliveries_total',
  help: 'Outgoing webhook deliveries that finished, by outcome: delivered, failed (kept for replay)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});
