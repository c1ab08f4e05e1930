/**
 * The hub's ledger of analytics quota (hub_quota_ledger): one row per upstream account, endpoint
 * and UTC month. A call is reserved before it is sent, by one conditional upsert, and settled
 * after. The row lock the upsert takes makes racing callers queue and re-check the condition on
 * the latest counts, so however many processes pull at once they never reserve past the limit.
 * Scheduled pulls and manual calls stop short of the on-demand reserve; on-demand report pulls
 * may use the whole quota (docs/reports.md, "On-demand reserve").
 */
import type { Db } from '../../../db.js';
import { monthlyQuotaOf, type AnalyticsEndpoint } from './analytics-endpoints.js';
import { monthOf } from '../report-periods.js';

/**
 * Who spends the call: `scheduled` (the planner's runs), `on-demand` (a report pulled now through
 * the admin API or the console: stored and exported), `manual` (any analytics operation called
 * by hand through `npm run cli -- api` or `POST /admin/api/:operation`: printed, not stored).
 */
export type PullPurpose = 'scheduled' | 'on-demand' | 'manual';

/** Only a report pulled on demand may take the on-demand reserve. */
export const mayUseReserve = (purpose: PullPurpose): boolean => purpose === 'on-demand';

/** A reserved call, to settle once its outcome is known (the month is the reservation's, not the settle's). */
export interface QuotaReservation {
  scope: string;
  endpoint: AnalyticsEndpoint;
  /** First day of the month, `YYYY-MM-DD`. */
  month: string;
}

export type ReserveResult =
  | { isReserved: true; reservation: QuotaReservation; used: number; reserved: number; limit: number }
  | { isReserved: false; limit: number; reserve: number; used: number; reserved: number; exhaustedAt: Date | null; resetsAt: Date };

/**
 * How a reserved call ended:
 * - `used`: it reached the upstream, or may have (an answer of any kind, a time-out);
 * - `released`: nothing reached the upstream, or the upstream's rate limiter refused it (which
 *   uses no quota, docs/decisions.md);
 * - `exhausted`: the upstream answered 429 quota_exceeded: no more calls this month.
 */
export type SettleOutcome = 'used' | 'released' | 'exhausted';

export interface LedgerRow {
  endpoint: AnalyticsEndpoint;
  limit: number;
  reserved: number;
  used: number;
  exhaustedAt: Date | null;
}

const monthKey = (now: Date) => `${monthOf(now).key}-01`;

/**
 * Reserves one call of the month's quota, unless the month is exhausted or, for a scheduled pull
 * or a manual call, the calls used and reserved have reached the limit less the on-demand reserve.
 */
export async function reserveQuota(
  db: Db,
  request: { scope: string; endpoint: AnalyticsEndpoint; purpose: PullPurpose; reserve: number; now: Date },
): Promise<ReserveResult> {
  const limit = monthlyQuotaOf(request.endpoint);
  const keep = mayUseReserve(request.purpose) ? 0 : request.reserve;
  const month = monthKey(request.now);
  const rows = await db.$queryRaw<{ used: number; reserved: number }[]>`
    INSERT INTO hub_quota_ledger AS l (scope, endpoint, month, "limit", reserved, used, updated_at)
    SELECT ${request.scope}, ${request.endpoint}, ${month}::date, ${limit}, 1, 0, now()
    WHERE ${limit - keep}::int > 0
    ON CONFLICT (scope, endpoint, month) DO UPDATE SET reserved = l.reserved + 1, updated_at = now()
      WHERE l.exhausted_at IS NULL AND l.reserved + l.used < l."limit" - ${keep}::int
    RETURNING used, reserved`;
  const row = rows[0];
  if (row)
    return {
      isReserved: true,
      reservation: { scope: request.scope, endpoint: request.endpoint, month },
      used: row.used,
      reserved: row.reserved,
      limit,
    };
  const current = await readLedgerRow(db, request.scope, request.endpoint, request.now);
  return {
    isReserved: false,
    limit,
    reserve: keep,
    used: current.used,
    reserved: current.reserved,
    exhaustedAt: current.exhaustedAt,
    resetsAt: monthOf(request.now).end,
  };
}

/** Settles a reservation: the call becomes used, is given back, or marks the month exhausted. */
export async function settleQuota(db: Db, reservation: QuotaReservation, outcome: SettleOutcome): Promise<void> {
  const { scope, endpoint, month } = reservation;
  switch (outcome) {
    case 'used':
      await db.$executeRaw`
        UPDATE hub_quota_ledger SET reserved = greatest(reserved - 1, 0), used = used + 1, updated_at = now()
        WHERE scope = ${scope} AND endpoint = ${endpoint} AND month = ${month}::date`;
      return;
    case 'released':
      await db.$executeRaw`
        UPDATE hub_quota_ledger SET reserved = greatest(reserved - 1, 0), updated_at = now()
        WHERE scope = ${scope} AND endpoint = ${endpoint} AND month = ${month}::date`;
      return;
    case 'exhausted':
      // The upstream refused the call, so it used nothing; but someone else spent the quota (or
      // the ledger started mid-month): nothing more is sent until the month ends.
      await db.$executeRaw`
        UPDATE hub_quota_ledger
        SET reserved = greatest(reserved - 1, 0), exhausted_at = coalesce(exhausted_at, now()), updated_at = now()
        WHERE scope = ${scope} AND endpoint = ${endpoint} AND month = ${month}::date`;
      return;
    default: {
      const unreachable: never = outcome;
      return unreachable;
    }
  }
}

/** The month's row for an endpoint (zeros when nothing was reserved yet). */
export async function readLedgerRow(db: Db, scope: string, endpoint: AnalyticsEndpoint, now: Date): Promise<LedgerRow> {
  const row = await db.hubQuotaLedger.findUnique({
    where: { scope_endpoint_month: { scope, endpoint, month: monthOf(now).start } },
  });
  return {
    endpoint,
    limit: row?.limit ?? monthlyQuotaOf(endpoint),
    reserved: row?.reserved ?? 0,
    used: row?.used ?? 0,
    exhaustedAt: row?.exhaustedAt ?? null,
  };
}
