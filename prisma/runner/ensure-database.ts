import pg from 'pg';

/** Creates the database named in `databaseUrl` when it does not exist yet. Safe to race. */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!name) throw new Error(`DATABASE_URL names no database: ${url.origin}`);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  client.on('error', () => undefined); // a dropped connection fails the query in flight instead
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    try {
      await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
      return true;
    } catch (error) {
      // Another process created it first: 42P04 duplicate_database, or 23505 when both
      // CREATE DATABASE statements ran at once (unique index on pg_database.datname).
      const code = (error as { code?: string }).code;
      if (code === '42P04' || code === '23505') return false;
      throw error;
    }
  } finally {
    await client.end();
  }
}
