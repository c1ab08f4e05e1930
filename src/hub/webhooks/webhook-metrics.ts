import { Counter } from 'prom-client';
import { metricsRegistry } from '../../lib/metrics/metrics-registry.js';

/** What the receiver answered each webhook: its outcome (docs/metrics.md). */
export type ReceiptOutcome = 'accepted' | 'duplicate' | 'test' | 'bad_signature' | 'stale' | 'malformed';

/** Webhooks received by this process, by outcome (accepted and duplicate are acknowledged; the rest refused). */
export const webhooksReceived = new Counter({
  name: 'convoqa_hub_webhooks_received_total',
  help: 'Webhooks the hub received, by outcome: accepted, duplicate, test (acknowledged), bad_signature, stale, malformed (refused)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});
