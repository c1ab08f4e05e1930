import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../../prisma/runner/migrate-deploy.js';
import { diffSnapshotToSchema } from '../../prisma/runner/migrate-create.js';
import { readMigrationList } from '../../prisma/runner/migrations-folder.js';
import { testDatabaseUrl } from '../support/harness.js';

const scratchName = `convoqa_migrate_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
const scratchUrl = Object.assign(new URL(testDatabaseUrl), { pathname: `/${scratchName}` }).toString();

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: Object.assign(new URL(testDatabaseUrl), { pathname: '/postgres' }).toString() });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  await adminQuery(`DROP DATABASE IF EXISTS "${scratchName}" WITH (FORCE)`);
});

describe('offline migration runner', () => {
  it('creates a missing database, applies every migration, and a second run applies nothing', async () => {
    const { migrationDirectories } = await readMigrationList();
    expect(migrationDirectories.length).toBeGreaterThan(0);

    const first = await applyMigrations(scratchUrl);
    expect(first.createdDatabase).toBe(true);
    expect(first.applied).toEqual(migrationDirectories.map((m) => m.path));

    const second = await applyMigrations(scratchUrl);
    expect(second).toEqual({ createdDatabase: false, applied: [] });

    const client = new pg.Client({ connectionString: scratchUrl });
    await client.connect();
    const tables = await client.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`);
    const recorded = await client.query(`SELECT migration_name, finished_at IS NOT NULL AS done FROM _prisma_migrations ORDER BY 1`);
    await client.end();
    expect(tables.rows.map((r) => r.tablename)).toEqual(
      expect.arrayContaining(['svc_accounts', 'svc_api_keys', 'svc_configurations', 'svc_transcriptions', 'svc_criterion_results']),
    );
    expect(recorded.rows).toEqual(migrationDirectories.map((m) => ({ migration_name: m.path, done: true })));
  });

  it('two runners racing on a fresh database apply each migration once', async () => {
    const racingName = `${scratchName}_race`;
    const racingUrl = Object.assign(new URL(testDatabaseUrl), { pathname: `/${racingName}` }).toString();
    try {
      const [a, b] = await Promise.all([applyMigrations(racingUrl), applyMigrations(racingUrl)]);
      const { migrationDirectories } = await readMigrationList();
      expect([...a.applied, ...b.applied].sort()).toEqual(migrationDirectories.map((m) => m.path).sort());
    } finally {
      await adminQuery(`DROP DATABASE IF EXISTS "${racingName}" WITH (FORCE)`);
    }
  });

  it('the schema has no change that a migration is missing for', async () => {
    expect(await diffSnapshotToSchema(testDatabaseUrl)).toBe('');
  });
});
