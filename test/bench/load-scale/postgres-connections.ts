/**
 * Samples how many PostgreSQL sessions the bench's processes hold on their database
 * (pg_stat_activity), every 100 ms, leaving out the bench's own (its application_name).
 */
import pg from 'pg';

export const benchApplicationName = 'convoqa-load-scale-bench';

export interface ConnectionSampler {
  peak(): number;
  current(): number;
  stop(): Promise<void>;
}

export async function startConnectionSampler(adminUrl: string, database: string, intervalMs = 100): Promise<ConnectionSampler> {
  const client = new pg.Client({ connectionString: adminUrl, application_name: benchApplicationName });
  await client.connect();
  let peak = 0;
  let current = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name <> $2`,
        [database, benchApplicationName],
      );
      current = rows[0]?.n ?? 0;
      peak = Math.max(peak, current);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })().catch(() => undefined);
  return {
    peak: () => peak,
    current: () => current,
    stop: async () => {
      stopped = true;
      await loop;
      await client.end().catch(() => undefined);
    },
  };
}
