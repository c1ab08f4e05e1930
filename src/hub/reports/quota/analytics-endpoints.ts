/** The three metered analytics operations and their monthly quotas (spec, Limits). */
import type { OperationRequest } from '../../../contract/catalog.js';
import { operationTraits } from '../../../contract/operations.js';

export const analyticsEndpoints = ['analytics', 'analytics-evaluator', 'analytics-participant'] as const;
export type AnalyticsEndpoint = (typeof analyticsEndpoints)[number];

export type AnalyticsParams<E extends AnalyticsEndpoint> = OperationRequest<E>;

/** Calls per UTC month (30 / 500 / 500). */
export function monthlyQuotaOf(endpoint: AnalyticsEndpoint): number {
  const quota = operationTraits[endpoint].monthlyQuota;
  if (quota === undefined) throw new Error(`${endpoint} has no monthly quota in the operations catalog`);
  return quota;
}
