/**
 * Every mistake a user can make with `npm run cli` answers one clear line on stderr and exit
 * status 1, never a stack trace; and the CLI never migrates: on an unmigrated or missing database
 * it says what to run.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../support/closed-port.js';
import { testDatabaseUrl } from '../support/harness.js';
import { projectRoot } from '../support/processes.js';

const run = promisify(execFile);

/** Runs the CLI exactly as `npm run cli` does (the cached bundle). */
async function cli(args: string[], env: Record<string, string> = {}) {
  return run(process.execPath, ['src/cli/launch.mjs', ...args], { cwd: projectRoot, env: { ...process.env, ...env } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

/** Exit status 1 and exactly one line on stderr, starting with "error: ". */
function expectOneLineError(result: { code: number; stderr: string }, pattern: RegExp) {
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(/^error: [^\n]+\n$/);
  expect(result.stderr).toMatch(pattern);
}

const withDatabase = (name: string) => Object.assign(new URL(testDatabaseUrl), { pathname: `/${name}` }).toString();
const admin = () => new pg.Client({ connectionString: withDatabase('postgres') });
const emptyDatabase = `convoqa_cli_empty_${randomUUID().replaceAll('-', '').slice(0, 10)}`;

beforeAll(async () => {
  const client = admin();
  await client.connect();
  await client.query(`CREATE DATABASE "${emptyDatabase}"`);
  await client.end();
});

afterAll(async () => {
  const client = admin();
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${emptyDatabase}" WITH (FORCE)`);
  await client.end();
});

describe('npm run cli errors', () => {
  it('a malformed key id is one line, not a database stack trace', async () => {
    for (const command of ['keys:deactivate', 'keys:delete']) {
      expectOneLineError(await cli([command, '123']), /^error: No API key 123: key ids are UUIDs/);
    }
    expectOneLineError(await cli(['keys:deactivate', randomUUID()]), /^error: No API key [0-9a-f-]{36}\n$/);
  });

  it('an unknown account is one line', async () => {
    expectOneLineError(await cli(['keys:list', `nobody-${randomUUID()}`]), /^error: No account "nobody-/);
    expectOneLineError(await cli(['accounts:show', randomUUID()]), /^error: No account "/);
  });

  it('an unreachable database names where it looked and what to check', async () => {
    const url = `postgresql://postgres@127.0.0.1:${await closedPort()}/convoqa`;
    expectOneLineError(
      await cli(['accounts:list'], { DATABASE_URL: url }),
      /^error: cannot reach PostgreSQL for convoqa on 127\.0\.0\.1:\d+ \(ECONNREFUSED\): start it, or set DATABASE_URL/,
    );
  });

  it('a missing or unmigrated database is not migrated by the CLI: it says what to run', async () => {
    const missing = await cli(['accounts:list'], { DATABASE_URL: withDatabase(`convoqa_missing_${randomUUID().slice(0, 8)}`) });
    expectOneLineError(missing, /does not exist: run `npm run db:prepare`/);
    const unmigrated = await cli(['accounts:list'], { DATABASE_URL: withDatabase(emptyDatabase) });
    expectOneLineError(
      unmigrated,
      new RegExp(`^error: the database ${emptyDatabase} on [^ ]+ lacks \\d+ migration\\(s\\): run \`npm run db:migrate\``),
    );
    // Still unmigrated: the CLI created no table.
    const client = new pg.Client({ connectionString: withDatabase(emptyDatabase) });
    await client.connect();
    const tables = await client.query("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'");
    await client.end();
    expect(tables.rows[0]).toEqual({ n: 0 });
  });

  it('bad flags, unknown commands and missing arguments are one line (plus where to find usage)', async () => {
    const unknownOption = await cli(['accounts:list', '--bogus']);
    expect(unknownOption.code).toBe(1);
    expect(unknownOption.stderr).toBe("error: unknown option '--bogus'\n(add --help for usage)\n");
    const unknownCommand = await cli(['acounts:list']);
    expect(unknownCommand.code).toBe(1);
    expect(unknownCommand.stderr).toMatch(/^error: unknown command 'acounts:list'\n/);
    const missingArgument = await cli(['keys:create', 'acme']);
    expect(missingArgument.code).toBe(1);
    expect(missingArgument.stderr).toMatch(/^error: missing required argument 'name'\n/);
    const badNumber = await cli(['backfill', '--concurrency', 'many']);
    expect(badNumber.code).toBe(1);
    expect(badNumber.stderr).toMatch(
      /^error: option '--concurrency <n>' argument 'many' is invalid\. expected a whole number from 1 to 32\.\n/,
    );
  });

  it("in hub-only mode, the built-in service's commands refuse in one line, before touching anything", async () => {
    const hubOnly = { UPSTREAM_BASE_URL: 'https://api.vendor.example/v1', UPSTREAM_API_KEY: 'vendor-key' };
    expectOneLineError(
      await cli(['deliveries:replay', 'acme', randomUUID()], hubOnly),
      /^error: deliveries:replay manages the built-in service, which does not run here \(hub-only mode, upstream https:\/\/api\.vendor\.example\/v1\); BUILT_IN_SERVICE=on runs it beside the hub\n$/,
    );
    expectOneLineError(await cli(['keys:create', 'acme', 'k'], hubOnly), /^error: keys:create manages the built-in service/);
  });

  it('a bad environment variable is one line naming it', async () => {
    expectOneLineError(await cli(['accounts:list'], { PORT: 'abc' }), /^error: Invalid environment: PORT: /);
  });

  it('--help needs no database at all', async () => {
    const url = `postgresql://postgres@127.0.0.1:${await closedPort()}/convoqa`;
    const help = await cli(['--help'], { DATABASE_URL: url });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('accounts:list');
    const operations = await cli(['api', '--list'], { DATABASE_URL: url });
    expect(operations.code).toBe(0);
    expect(operations.stdout).toContain('list-participants');
  });
});
