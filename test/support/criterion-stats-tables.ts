/**
 * The criterion tables the triggers keep (docs/analytics.md, "Hour tables"): each one's bucket
 * column and the SQL that maps a transcription's created_at to it. Trusted constants, spliced
 * into SQL as text by the checks, drift counts and seeds that cover both.
 */
export const criterionStatsTables = [
  { table: 'svc_criterion_day_stats', bucket: 'day', bucketOf: (createdAt: string) => `(${createdAt} AT TIME ZONE 'UTC')::date` },
  { table: 'svc_criterion_hour_stats', bucket: 'hour', bucketOf: (createdAt: string) => `date_trunc('hour', ${createdAt}, 'UTC')` },
] as const;
