import pg from 'pg';
import { applyMigrations } from '../../prisma/runner/migrate-deploy.js';

/** Drops the bench's database (its connections closed), creates it again and applies every migration. */
export async function recreateBenchDatabase(databaseUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${new URL(databaseUrl).pathname.slice(1)}" WITH (FORCE)`);
  await admin.end();
  await applyMigrations(databaseUrl);
}
