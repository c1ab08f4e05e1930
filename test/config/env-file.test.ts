/**
 * `.env` is read by the service, the CLI and the migration runner, an explicit variable wins, and
 * `.env.example` lists every variable of the settings schemas with its default and is current.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { applyEnvFile } from '../../src/lib/config/env-file.js';
import { envExamplePath, envVariables, renderEnvExample, undocumentedVariables } from '../../src/env-example.js';
import { closedPort } from '../support/closed-port.js';
import { projectRoot } from '../support/processes.js';

const run = promisify(execFile);

function folderWithEnv(text: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'convoqa-env-'));
  writeFileSync(path.join(dir, '.env'), text);
  return dir;
}

describe('.env', () => {
  it('adds the variables the environment lacks; an explicit variable wins', () => {
    const dir = folderWithEnv('PORT=4100\nLOG_LEVEL=debug\n# a comment\nSLACK_DEFAULT_CHANNEL="#qa alerts"\n');
    const env: NodeJS.ProcessEnv = { ENV_FILE: path.join(dir, '.env'), LOG_LEVEL: 'warn' };
    expect(applyEnvFile(env).sort()).toEqual(['PORT', 'SLACK_DEFAULT_CHANNEL']);
    expect(env).toMatchObject({ PORT: '4100', LOG_LEVEL: 'warn', SLACK_DEFAULT_CHANNEL: '#qa alerts' });
  });

  it('ENV_FILE naming a missing file is an error naming it', () => {
    expect(() => applyEnvFile({ ENV_FILE: '/nonexistent/convoqa.env' })).toThrow('ENV_FILE: cannot read /nonexistent/convoqa.env');
  });

  it('the CLI reads it from its working directory (a DATABASE_URL there is the one it uses)', async () => {
    const port = await closedPort();
    const dir = folderWithEnv(`DATABASE_URL=postgresql://postgres@127.0.0.1:${port}/from_dotenv\n`);
    const env = { ...process.env };
    delete env.DATABASE_URL;
    const failed: { code?: number; stderr: string } = await run(
      process.execPath,
      [path.join(projectRoot, 'src/cli/launch.mjs'), 'accounts:list'],
      { cwd: dir, env },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(`cannot reach PostgreSQL for from_dotenv on 127.0.0.1:${port}`);
    // An explicit variable wins over the file.
    const explicit: { stderr: string } = await run(process.execPath, [path.join(projectRoot, 'src/cli/launch.mjs'), 'accounts:list'], {
      cwd: dir,
      env: { ...env, DATABASE_URL: `postgresql://postgres@127.0.0.1:${port}/from_environment` },
    }).catch((error: { stderr: string }) => error);
    expect(explicit.stderr).toContain('from_environment');
  });
});

describe('.env.example', () => {
  it('is current: `npm run env:example` would not change it', () => {
    expect(readFileSync(envExamplePath, 'utf8')).toBe(renderEnvExample());
  });

  it('lists every variable of every settings schema, with its default, and each is documented', () => {
    const text = readFileSync(envExamplePath, 'utf8');
    const variables = envVariables().flatMap((section) => section.variables);
    expect(variables.length).toBeGreaterThan(40);
    for (const { name, defaultValue } of variables) expect(text).toContain(`# ${name}=${defaultValue ?? ''}\n`);
    expect(text).toContain('# PORT=3000\n');
    expect(text).toContain('# DATABASE_URL=postgresql://postgres@127.0.0.1:5432/convoqa\n');
    expect(undocumentedVariables()).toEqual([]);
  });
});
