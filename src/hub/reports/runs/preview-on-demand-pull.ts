/**
 * What pulling a report now would cost, before it is spent (admin API and the console's "pull
 * now"): one call of the report's analytics operation, the month's ledger around it, and whether
 * the call takes the room of a scheduled run planned this month. Nothing is reserved or sent; the
 * upstream is asked only whether the subject exists.
 */
import type { HubContext } from '../../hub-context.js';
import type { AnalyticsEndpoint } from '../quota/analytics-endpoints.js';
import { getQuotaStatus } from '../quota/quota-status.js';
import { endpointOfKind } from '../report-kinds.js';
import type { ReportPeriod } from '../report-periods.js';
import { resolveOnDemandReport, type OnDemandReportRequest } from './run-report-on-demand.js';

export interface PullPreview {
  kind: OnDemandReportRequest['kind'];
  subjectId: string;
  subjectTag: string | null;
  period: ReportPeriod;
  /** False while the period runs: the pull gets the period so far. */
  isComplete: boolean;
  endpoint: AnalyticsEndpoint;
  /** Calls of the month's quota the pull costs (one analytics call). */
  cost: number;
  month: string;
  limit: number;
  /** Used and in flight now. */
  spent: number;
  /** Kept back for on-demand pulls (scheduled runs never use it). */
  reserve: number;
  /** Scheduled runs of this month on the endpoint still to be pulled. */
  planned: number;
  /** What an on-demand pull may still use now (the whole quota less what is spent), and after this one. */
  roomNow: number;
  roomAfter: number;
  /** Planned scheduled runs that no longer fit once this pull is spent (the next planner pass skips them). */
  displacesPlanned: number;
  /** Why the ledger would refuse the pull (no room, or the upstream reported the month exhausted); null when it fits. */
  refusal: string | null;
  /** The report-period's run as recorded (status), if any: `running` means a pull is under way. */
  existingStatus: string | null;
}

export async function previewOnDemandPull(ctx: HubContext, request: Omit<OnDemandReportRequest, 'shouldExport'>): Promise<PullPreview> {
  const resolved = await resolveOnDemandReport(ctx, request);
  const endpoint = endpointOfKind[resolved.kind];
  const status = await getQuotaStatus(ctx);
  const quota = status.endpoints.find((e) => e.endpoint === endpoint);
  if (!quota) throw new Error(`no quota status for ${endpoint}`);
  const cost = 1;
  const spent = quota.used + quota.reserved;
  const planned = quota.runs.planned;
  // Scheduled runs fit in the quota less the reserve less what is spent; the pull moves `spent`.
  const fitting = (spentSoFar: number) => Math.min(planned, Math.max(0, quota.limit - quota.onDemandReserve - spentSoFar));
  const refusal = quota.exhaustedAt
    ? `the upstream reported the ${endpoint} quota exhausted at ${quota.exhaustedAt.toISOString()}; it resets ${status.resetsAt.toISOString()}`
    : quota.remaining < cost
      ? `the ${endpoint} quota (${quota.limit}) is spent this month: ${quota.used} used, ${quota.reserved} in flight; it resets ${status.resetsAt.toISOString()}`
      : null;
  return {
    kind: resolved.kind,
    subjectId: resolved.subjectId,
    subjectTag: resolved.subjectTag,
    period: resolved.period,
    isComplete: resolved.isComplete,
    endpoint,
    cost,
    month: status.month,
    limit: quota.limit,
    spent,
    reserve: quota.onDemandReserve,
    planned,
    roomNow: quota.remaining,
    roomAfter: Math.max(0, quota.remaining - cost),
    displacesPlanned: refusal ? 0 : fitting(spent) - fitting(spent + cost),
    refusal,
    existingStatus: resolved.existing?.status ?? null,
  };
}
