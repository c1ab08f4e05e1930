/** `hub:admin-token` prints the admin API's token again: the generated one kept in hub_settings, or ADMIN_TOKEN when set. */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readHubSetting } from '../../src/hub/settings/hub-settings.js';
import { createHarness, type Harness } from '../support/harness.js';
import { projectRoot } from '../support/processes.js';
import { closeInOrder } from '../support/close-in-order.js';

const run = promisify(execFile);

let h: Harness;
beforeAll(() => {
  h = createHarness();
});
afterAll(() => closeInOrder(h));

const cli = (env: Record<string, string | undefined>, ...args: string[]) => {
  const childEnv = { ...process.env, ...env };
  if (env.ADMIN_TOKEN === undefined) delete childEnv.ADMIN_TOKEN;
  return run(process.execPath, ['src/cli/launch.mjs', ...args], { cwd: projectRoot, env: childEnv });
};

describe('hub:admin-token', () => {
  it('without ADMIN_TOKEN, prints the generated token kept in hub_settings, alone on the last line', async () => {
    const { stdout } = await cli({ ADMIN_TOKEN: undefined }, 'hub:admin-token');
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toContain('kept in the database (hub_settings, key admin_token)');
    expect(lines.at(-1)).toBe(await readHubSetting(h.db, 'admin_token'));
    expect(lines.at(-1)).toMatch(/^cqa_/);
  });

  it('with ADMIN_TOKEN, prints that one and says where it comes from', async () => {
    const token = 'chosen-admin-token-0123456789abcdef';
    const { stdout } = await cli({ ADMIN_TOKEN: token }, 'hub:admin-token');
    expect(stdout).toBe(`the admin API's token is ADMIN_TOKEN, from the environment (or .env):\n${token}\n`);
  });

  it("is where README's first calls and docs/getting-started.md say to see the token again", () => {
    const readme = readFileSync(path.join(projectRoot, 'README.md'), 'utf8');
    const firstCalls = readme.slice(readme.indexOf('## First calls'), readme.indexOf('\n## ', readme.indexOf('## First calls') + 3));
    expect(firstCalls).toContain('npm run --silent cli -- hub:admin-token | tail -1');
    expect(readFileSync(path.join(projectRoot, 'docs/getting-started.md'), 'utf8')).toContain(
      'npm run --silent cli -- hub:admin-token | tail -1',
    );
  });
});
