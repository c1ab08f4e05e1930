/**
 * A long listing piped to another program arrives whole: the CLI waits for stdout to drain before
 * it exits (piped to a Node parent, stdout is asynchronous, and exiting at once cut it at about
 * 20 KB). 400 console users make a listing of about 50 KB.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { projectRoot } from '../support/processes.js';

const run = promisify(execFile);
const tag = randomUUID().slice(0, 8);
let h: Harness;

beforeAll(async () => {
  h = createHarness();
  await h.db.hubConsoleUser.createMany({
    data: Array.from({ length: 400 }, (_, i) => ({
      email: `piped-${tag}-${i}@example.com`,
      name: `Piped ${i} ${'x'.repeat(40)}`,
      role: 'viewer',
      passwordHash: 'not-a-hash: never signs in',
      isActive: false,
    })),
  });
});
afterAll(async () => {
  await h.db.hubConsoleUser.deleteMany({ where: { email: { startsWith: `piped-${tag}-` } } });
  await h.close();
});

it('prints every row of a long listing through a pipe', async () => {
  const { stdout } = await run(process.execPath, ['src/cli/launch.mjs', 'console:users:list'], {
    cwd: projectRoot,
    env: process.env,
    maxBuffer: 64 * 1024 * 1024,
  });
  expect(stdout.length).toBeGreaterThan(40_000);
  const listed = stdout.split('\n').filter((line) => line.includes(`piped-${tag}-`));
  expect(listed).toHaveLength(400);
  expect(stdout.endsWith('\n')).toBe(true);
});
