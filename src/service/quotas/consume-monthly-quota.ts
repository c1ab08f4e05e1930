import type { Db } from '../../db.js';
import { findQuotaMonth } from './quota-month.js';

export interface QuotaDecision {
  isAdmitted: boolean;
  /** Calls used this month, this one included when admitted. */
  used: number;
  limit: number;
  resetsAt: Date;
}

/**
 * Uses one call of an account's monthly quota for an operation, or refuses when none is left.
 * One statement does both: the upsert creates the month's row at 1, or increments it only while
 * it is below the limit (the row lock taken by ON CONFLICT makes racing requests queue, and each
 * re-checks the condition on the latest count), so concurrent calls can never overspend.
 */
export async function consumeMonthlyQuota(
  db: Db,
  request: { accountId: string; operation: string; limit: number; now: Date },
): Promise<QuotaDecision> {
  const { key, resetsAt } = findQuotaMonth(request.now);
  const rows = await db.$queryRaw<{ used: number }[]>`
    INSERT INTO svc_analytics_quota_usage AS u (account_id, operation, month, used, updated_at)
    VALUES (${request.accountId}::uuid, ${request.operation}, ${key}::date, 1, now())
    ON CONFLICT (account_id, operation, month)
      DO UPDATE SET used = u.used + 1, updated_at = now()
      WHERE u.used < ${request.limit}
    RETURNING used`;
  const row = rows[0];
  return { isAdmitted: row !== undefined, used: row?.used ?? request.limit, limit: request.limit, resetsAt };
}
