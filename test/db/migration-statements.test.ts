/**
 * The runner's schema engine runs a migration's statements as splitSqlStatements finds them
 * (schema-engine.ts), so hand-written SQL may use dollar-quoted PL/pgSQL bodies, semicolons in
 * strings and comments. Applied through the engine itself on a scratch database.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureDatabase } from '../../prisma/runner/ensure-database.js';
import { readSchema } from '../../prisma/runner/migrations-folder.js';
import { noExternalObjects, openSchemaEngine } from '../../prisma/runner/schema-engine.js';
import { testDatabaseUrl } from '../support/harness.js';

const scratchName = `convoqa_statements_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
const scratchUrl = Object.assign(new URL(testDatabaseUrl), { pathname: `/${scratchName}` }).toString();
const adminUrl = Object.assign(new URL(testDatabaseUrl), { pathname: '/postgres' }).toString();

afterAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${scratchName}" WITH (FORCE)`);
  await admin.end();
});

const migration = `-- A comment; with a semicolon, and one more: ;
CREATE TABLE "notes;log" (id serial PRIMARY KEY, body text NOT NULL, changed int NOT NULL DEFAULT 0);

/* A block comment; /* nested; */ still a comment; */
CREATE FUNCTION count_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed := OLD.changed + 1; -- inside the body; not a statement end
  RETURN NEW;
END
$$;

CREATE TRIGGER count_change BEFORE UPDATE ON "notes;log" FOR EACH ROW EXECUTE FUNCTION count_change();

CREATE FUNCTION greeting() RETURNS text LANGUAGE sql AS $body$ SELECT 'it''s; ' || E'a\\'b;' $body$;
INSERT INTO "notes;log" (body) VALUES ('one; two'), (E'three\\'s; four');
`;

async function apply(script: string, name: string) {
  await ensureDatabase(scratchUrl);
  const { engine, close } = await openSchemaEngine(scratchUrl, await readSchema());
  try {
    return await engine.applyMigrations({
      migrationsList: {
        baseDir: '/nonexistent',
        lockfile: { path: 'migration_lock.toml', content: 'provider = "postgresql"\n' },
        shadowDbInitScript: '',
        migrationDirectories: [{ path: name, migrationFile: { path: 'migration.sql', content: { tag: 'ok', value: script } } }],
      },
      filters: noExternalObjects,
    });
  } finally {
    await close();
  }
}

describe('migration statements through the schema engine', () => {
  it('applies dollar-quoted bodies, and semicolons in strings, identifiers and comments', async () => {
    expect((await apply(migration, '20260101000000_statements')).appliedMigrationNames).toEqual(['20260101000000_statements']);
    const client = new pg.Client({ connectionString: scratchUrl });
    await client.connect();
    try {
      expect((await client.query('SELECT body FROM "notes;log" ORDER BY id')).rows).toEqual([
        { body: 'one; two' },
        { body: "three's; four" },
      ]);
      await client.query(`UPDATE "notes;log" SET body = body || '!'`);
      expect((await client.query('SELECT changed FROM "notes;log" ORDER BY id')).rows).toEqual([{ changed: 1 }, { changed: 1 }]);
      expect((await client.query('SELECT greeting() AS g')).rows).toEqual([{ g: "it's; a'b;" }]);
    } finally {
      await client.end();
    }
  });

  it('a failing statement fails the migration with PostgreSQL’s message', async () => {
    await expect(apply('SELECT 1;\nSELECT no_such_column FROM pg_class;', '20260101000001_failing')).rejects.toThrow(/no_such_column/);
  });
});
