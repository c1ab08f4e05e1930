/** The scheduled reports' kinds, the analytics operation each pulls, and a run's statuses. */
import type { AnalyticsEndpoint } from './quota/analytics-endpoints.js';

export type ReportKind = 'account' | 'evaluator' | 'participant';
export type RunStatus = 'planned' | 'skipped' | 'running' | 'succeeded' | 'failed';

export const endpointOfKind: Record<ReportKind, AnalyticsEndpoint> = {
  account: 'analytics',
  evaluator: 'analytics-evaluator',
  participant: 'analytics-participant',
};
