import { Counter } from 'prom-client';
import { metricsRegistry } from '../../lib/metrics/metrics-registry.js';

/** Answers refused whole because they broke what the API description promises (docs/hub-client.md, "Reading answers"). */
export const upstreamAnswerViolations = new Counter({
  name: 'convoqa_hub_upstream_answer_violations_total',
  help: 'Upstream answers that broke what the API description promises, by operation',
  labelNames: ['operation'] as const,
  registers: [metricsRegistry],
});

/** List rows set aside because they broke the promise; the rest of each list was used. */
export const rejectedListRows = new Counter({
  name: 'convoqa_hub_upstream_rejected_rows_total',
  help: 'Rows of upstream list answers set aside because they broke what the API description promises, by operation',
  labelNames: ['operation'] as const,
  registers: [metricsRegistry],
});
