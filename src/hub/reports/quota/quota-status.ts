/** The month's quota and plan per analytics endpoint, as the admin API shows them. */
import type { HubContext } from '../../hub-context.js';
import { analyticsEndpoints, type AnalyticsEndpoint } from './analytics-endpoints.js';
import { readLedgerRow } from './quota-ledger.js';
import { monthOf } from '../report-periods.js';
import { endpointOfKind, type RunStatus } from '../report-kinds.js';

export interface EndpointQuotaStatus {
  endpoint: AnalyticsEndpoint;
  limit: number;
  onDemandReserve: number;
  used: number;
  /** Calls in flight. */
  reserved: number;
  /** Left for on-demand pulls (the whole quota is theirs). */
  remaining: number;
  /** Left for scheduled pulls (the reserve excluded). */
  remainingForScheduled: number;
  exhaustedAt: Date | null;
  /** The month's scheduled runs on this endpoint, by status. */
  runs: Record<RunStatus, number>;
}

export interface QuotaStatus {
  /** `YYYY-MM` (UTC). */
  month: string;
  resetsAt: Date;
  endpoints: EndpointQuotaStatus[];
}

export async function getQuotaStatus(
  ctx: Pick<HubContext, 'db' | 'now' | 'upstream' | 'settings'>,
  at: Date = ctx.now(),
): Promise<QuotaStatus> {
  const scope = (await ctx.upstream()).accountRef;
  const month = monthOf(at);
  const counts = await ctx.db.hubReportRun.groupBy({
    by: ['kind', 'status'],
    where: { scope, quotaMonth: month.start },
    _count: { _all: true },
  });
  const endpoints = await Promise.all(
    analyticsEndpoints.map(async (endpoint): Promise<EndpointQuotaStatus> => {
      const row = await readLedgerRow(ctx.db, scope, endpoint, at);
      const reserve = ctx.settings.reports.onDemandReserve[endpoint];
      const runs: Record<RunStatus, number> = { planned: 0, skipped: 0, running: 0, succeeded: 0, failed: 0 };
      for (const c of counts) if (endpointOfKind[c.kind] === endpoint) runs[c.status] += c._count._all;
      const spent = row.used + row.reserved;
      return {
        endpoint,
        limit: row.limit,
        onDemandReserve: reserve,
        used: row.used,
        reserved: row.reserved,
        remaining: row.exhaustedAt ? 0 : Math.max(0, row.limit - spent),
        remainingForScheduled: row.exhaustedAt ? 0 : Math.max(0, row.limit - reserve - spent),
        exhaustedAt: row.exhaustedAt,
        runs,
      };
    }),
  );
  return { month: month.key, resetsAt: month.end, endpoints };
}
