import type { Db } from '../../db.js';

/**
 * The durable ledger of analytics calls per account, operation and UTC month
 * (svc_analytics_quota_usage). Redis counts and decides (meter-monthly-quota.ts); this keeps the
 * count across a Redis that restarts empty, and seeds Redis's counter when it is missing.
 */
export interface QuotaLedgerEntry {
  accountId: string;
  operation: string;
  /** `YYYY-MM-DD` of the month's 1st (quota-month.ts). */
  month: string;
}

/** Calls recorded for the month; 0 when none. */
export async function readMonthlyQuotaUse(db: Db, entry: QuotaLedgerEntry): Promise<number> {
  const rows = await db.$queryRaw<{ used: number }[]>`
    SELECT used FROM svc_analytics_quota_usage
    WHERE account_id = ${entry.accountId}::uuid AND operation = ${entry.operation} AND month = ${entry.month}::date`;
  return rows[0]?.used ?? 0;
}

/**
 * Records that `used` calls of the month were handed out (Redis's count after this call). The
 * ledger keeps the largest count it was told, so writes from concurrent requests may land in any
 * order, and a write that failed is made good by the next one.
 */
export async function recordMonthlyQuotaUse(db: Db, entry: QuotaLedgerEntry & { used: number }): Promise<void> {
  await db.$executeRaw`
    INSERT INTO svc_analytics_quota_usage AS u (account_id, operation, month, used, updated_at)
    VALUES (${entry.accountId}::uuid, ${entry.operation}, ${entry.month}::date, ${entry.used}, now())
    ON CONFLICT (account_id, operation, month)
      DO UPDATE SET used = GREATEST(u.used, EXCLUDED.used), updated_at = now()
      WHERE u.used < EXCLUDED.used`;
}
