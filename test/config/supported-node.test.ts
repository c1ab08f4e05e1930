/**
 * convoqa runs on Node 24 (installed by `npm ci` from the `node` package): the tests themselves run
 * on it, and a process started with an older node stops at boot saying what to do.
 */
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { minimumNodeMajor, unsupportedNodeMessage } from '../../src/lib/config/supported-node.js';
import { projectRoot } from '../support/processes.js';

const run = promisify(execFile);
const packageJson = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
  engines: { node: string };
  dependencies: Record<string, string>;
};

/** The machine's own node and its version when it is older than convoqa needs (Node 20 on CI), else undefined. */
function olderSystemNode(): { path: string; version: string } | undefined {
  try {
    const version = execFileSync('/usr/bin/node', ['--version'], { encoding: 'utf8' }).trim().slice(1);
    return Number(version.split('.')[0]) < minimumNodeMajor ? { path: '/usr/bin/node', version } : undefined;
  } catch {
    return undefined;
  }
}

describe('the Node runtime', () => {
  it('is the pinned Node 24 for these tests, as package.json says', () => {
    expect(packageJson.engines.node).toBe(`>=${minimumNodeMajor}`);
    expect(packageJson.dependencies.node).toMatch(/^24\.\d+\.\d+$/);
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(minimumNodeMajor);
    expect(unsupportedNodeMessage()).toBeUndefined();
  });

  it('refuses an older node with what to run instead, and accepts 24 and later', () => {
    expect(unsupportedNodeMessage('20.20.2')).toBe(
      'convoqa needs Node 24 or later; this is Node 20.20.2. `npm ci` installs Node 24 in node_modules/.bin/node: ' +
        'start convoqa through npm (`npm start`, `npm run web`) or the Procfile, or with that node',
    );
    expect(unsupportedNodeMessage('v22.22.0')).toMatch(/^convoqa needs Node 24 or later; this is Node 22\.22\.0\./);
    expect(unsupportedNodeMessage('24.0.0')).toBeUndefined();
    expect(unsupportedNodeMessage('26.10.0')).toBeUndefined();
  });

  const older = olderSystemNode();
  /** Runs the machine's older node on `args` from the project root; its exit code and stderr. */
  const runOlder = (args: string[]) =>
    run(older!.path, args, { cwd: projectRoot, env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn' }, timeout: 60_000 }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code?: number; signal?: string; stderr: string }) => ({ code: error.code ?? error.signal, stderr: error.stderr }),
    );

  it.skipIf(!older)(
    "a Procfile entry and the CLI started with the machine's own older node stop at once, saying so",
    async () => {
      // Not a crash: the check comes before the imports that load native modules (argon2's segfaults on Node 20).
      const web = await runOlder(['--import', 'tsx', 'src/web.ts']);
      expect(web).toEqual({ code: 1, stderr: `${unsupportedNodeMessage(older!.version)}\n` });
      const cli = await runOlder(['src/cli/launch.mjs', 'accounts:list']);
      expect(cli.code).toBe(1);
      expect(cli.stderr).toContain(`error: convoqa needs Node 24 or later; this is Node ${older!.version}.`);
    },
    90_000,
  );
});
