/**
 * Applies pending migrations from prisma/migrations, exactly as `prisma migrate deploy` does
 * (same folder, same _prisma_migrations table), but offline. Creates the database when missing.
 * Usage: `npm run db:migrate` (reads DATABASE_URL, defaulting to the embedded database).
 */
import pg from 'pg';
import { ensureDatabase } from './ensure-database.js';
import { readMigrationList, readSchema } from './migrations-folder.js';
import { noExternalObjects, openSchemaEngine } from './schema-engine.js';
import { isMainModule, runnerDatabaseUrl } from './runner-env.js';

// Any constant works; it only has to be the same for every runner of this project.
const migrationLockKey = 72_170_417;

export interface ApplyResult {
  createdDatabase: boolean;
  applied: string[];
}

export async function applyMigrations(databaseUrl: string): Promise<ApplyResult> {
  const createdDatabase = await ensureDatabase(databaseUrl);
  // Serialise concurrent runners (two processes starting at once) on a session advisory lock.
  const lock = new pg.Client({ connectionString: databaseUrl });
  lock.on('error', () => undefined); // a dropped connection fails the query in flight instead
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [migrationLockKey]);
    const { engine, close } = await openSchemaEngine(databaseUrl, await readSchema());
    try {
      const { appliedMigrationNames } = await engine.applyMigrations({
        migrationsList: await readMigrationList(),
        filters: noExternalObjects,
      });
      return { createdDatabase, applied: appliedMigrationNames };
    } finally {
      await close();
    }
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined);
    await lock.end();
  }
}

if (isMainModule(import.meta.url)) {
  const databaseUrl = runnerDatabaseUrl();
  const { createdDatabase, applied } = await applyMigrations(databaseUrl);
  const where = new URL(databaseUrl).pathname.slice(1);
  if (createdDatabase) process.stdout.write(`created database ${where}\n`);
  process.stdout.write(
    applied.length ? `applied ${applied.length} migration(s) to ${where}: ${applied.join(', ')}\n` : `no pending migrations for ${where}\n`,
  );
}
