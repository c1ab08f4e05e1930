import { Histogram } from 'prom-client';
import { metricsRegistry } from '../../lib/metrics/metrics-registry.js';

/** From a webhook's receipt to the end of the mirror that answered it. */
export const mirrorLag = new Histogram({
  name: 'convoqa_hub_mirror_lag_seconds',
  help: 'Time from a webhook received by the hub to its transcription mirrored',
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600],
  registers: [metricsRegistry],
});
