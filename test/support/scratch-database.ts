/**
 * A database of a test file's own, created and migrated next to the shared test database and
 * dropped afterwards (about half a second), for tests that must see the hub's tables whole.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { applyMigrations } from '../../prisma/runner/migrate-deploy.js';
import { testDatabaseUrl } from './harness.js';

export async function createScratchDatabase(label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `convoqa_${label}_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const url = Object.assign(new URL(testDatabaseUrl), { pathname: `/${name}` }).toString();
  await applyMigrations(url);
  return {
    url,
    drop: async () => {
      const admin = new pg.Client({ connectionString: Object.assign(new URL(testDatabaseUrl), { pathname: '/postgres' }).toString() });
      await admin.connect();
      try {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}
