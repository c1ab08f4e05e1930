/**
 * The CLI neither generates the Prisma client nor migrates (that is `npm start`'s and the
 * release step's job, so a command answers in about a second). It checks instead, cheaply, that
 * both were done, and says in one line what to run when they were not.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { CliError } from './cli-error.js';

/** The project's root: the nearest folder up with a package.json (this file may run from a bundle elsewhere). */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

const projectRoot = findProjectRoot();
const generatedClient = path.join(projectRoot, 'src/generated/prisma/client.ts');
const migrationsDir = path.join(projectRoot, 'prisma/migrations');

export function checkClientGenerated(): void {
  if (!existsSync(generatedClient)) {
    throw new CliError('the database client is not generated yet: run `npm run db:prepare` (or `npm start` once), then retry');
  }
}

function migrationNames(): string[] {
  if (!existsSync(migrationsDir)) return [];
  return readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** Where the database is, for messages: host, port and name, never the password. */
export function describeDatabase(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `${url.pathname.slice(1)} on ${url.hostname}:${url.port || '5432'}`;
}

/** Throws a one-line CliError unless the database is reachable and has every migration applied. */
export async function checkDatabaseReady(databaseUrl: string, { timeoutMs = 3_000 } = {}): Promise<void> {
  const where = describeDatabase(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  client.on('error', () => undefined); // a dropped connection fails the query in flight instead
  try {
    await client.connect();
  } catch (error) {
    throw databaseConnectError(error, where);
  }
  try {
    const applied = await client
      .query<{ migration_name: string }>(
        'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
      )
      .then((result) => new Set(result.rows.map((row) => row.migration_name)))
      .catch((error: { code?: string }) => {
        if (error.code === '42P01') return new Set<string>(); // no _prisma_migrations table: never migrated
        throw error;
      });
    const pending = migrationNames().filter((name) => !applied.has(name));
    if (pending.length > 0) {
      throw new CliError(
        `the database ${where} lacks ${pending.length} migration(s): run \`npm run db:migrate\` (npm start does it too), then retry`,
      );
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

function databaseConnectError(error: unknown, where: string): CliError {
  const { code, message } = error as { code?: string; message?: string };
  if (code === '3D000')
    return new CliError(`the database ${where} does not exist: run \`npm run db:prepare\` (or \`npm start\` once), or set DATABASE_URL`);
  if (code === '28P01' || code === '28000')
    return new CliError(`PostgreSQL refused the login to ${where}: check the user and password in DATABASE_URL`);
  if (
    code === 'ECONNREFUSED' ||
    code === 'ENOTFOUND' ||
    code === 'EHOSTUNREACH' ||
    code === 'ETIMEDOUT' ||
    /timeout/i.test(message ?? '')
  ) {
    return new CliError(
      `cannot reach PostgreSQL for ${where} (${code ?? 'time-out'}): start it, or set DATABASE_URL (in the environment or .env)`,
    );
  }
  return new CliError(`cannot open the database ${where}: ${message ?? String(error)}`);
}
