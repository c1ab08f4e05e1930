/** The UTC calendar month an instant falls in: quotas count per month and reset at 00:00 UTC on the 1st. */
export interface QuotaMonth {
  /** `YYYY-MM-DD` of the 1st, the month's key in svc_analytics_quota_usage. */
  key: string;
  /** 00:00 UTC on the 1st of the next month. */
  resetsAt: Date;
}

export function findQuotaMonth(now: Date): QuotaMonth {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return {
    key: `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-01`,
    resetsAt: new Date(Date.UTC(year, month + 1, 1)),
  };
}

/** `2026-12-01T00:00:00Z`: the reset instant as the error message shows it. */
export const formatResetInstant = (resetsAt: Date): string => `${resetsAt.toISOString().slice(0, 19)}Z`;
