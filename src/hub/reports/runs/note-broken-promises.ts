/**
 * A dashboard answer that breaks a promised member is kept, not dropped (read-report-answer.ts),
 * but it must not pass unnoticed: a warning in the log, a counter an alert rule can watch
 * (docs/metrics.md) and a sentence on the report run, which the admin API and the console show.
 */
import { Counter } from 'prom-client';
import type { Logger } from 'pino';
import { metricsRegistry } from '../../../lib/metrics/metrics-registry.js';
import type { AnalyticsEndpoint } from '../quota/analytics-endpoints.js';
import { describeBrokenPromises, type ContractIssue } from './read-report-answer.js';

export const brokenDashboardAnswers = new Counter({
  name: 'convoqa_hub_report_broken_answers_total',
  help: 'Analytics answers kept although a promised dashboard member broke its contract, by endpoint',
  labelNames: ['endpoint'] as const,
  registers: [metricsRegistry],
});

/** Logs and counts the broken promises of an answer; the sentence for the run, or null when there are none. */
export function noteBrokenPromises(logger: Logger, endpoint: AnalyticsEndpoint, issues: readonly ContractIssue[]): string | null {
  if (issues.length === 0) return null;
  brokenDashboardAnswers.inc({ endpoint });
  logger.warn({ endpoint, issues }, 'analytics answer breaks the dashboard contract: kept as received');
  return describeBrokenPromises(issues);
}
