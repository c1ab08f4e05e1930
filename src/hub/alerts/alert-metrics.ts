import { Counter } from 'prom-client';
import { metricsRegistry } from '../../lib/metrics/metrics-registry.js';

/** Alerts by outcome (sent: posted to Slack, or to the log without a bot token; failed: given up). */
export const alertsSent = new Counter({
  name: 'convoqa_hub_alerts_total',
  help: 'Slack alerts by outcome (sent, failed) and notifier (slack, log)',
  labelNames: ['outcome', 'notifier'] as const,
  registers: [metricsRegistry],
});
