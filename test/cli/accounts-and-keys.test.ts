import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { projectRoot } from '../support/processes.js';

const run = promisify(execFile);
async function cli(...args: string[]) {
  return run(process.execPath, ['src/cli/launch.mjs', ...args], { cwd: projectRoot, env: process.env });
}

async function cliFails(...args: string[]) {
  try {
    await cli(...args);
  } catch (error) {
    return error as { code: number; stdout: string; stderr: string };
  }
  throw new Error(`expected "${args.join(' ')}" to fail`);
}

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1) ?? '';

let h: Harness;
beforeAll(() => {
  h = createHarness();
});
afterAll(() => h.close());

describe('npm run cli', () => {
  it('accounts:create --with-key prints the key alone on the last line, and the key works', async () => {
    const name = `cli-${randomUUID().slice(0, 8)}`;
    const { stdout } = await run('npm', ['run', 'cli', '--', 'accounts:create', name, '--with-key', 'default'], {
      cwd: projectRoot,
      env: process.env,
    });
    const key = lastLine(stdout);
    expect(key).toMatch(/^cq_[A-Za-z0-9_-]{43}$/);
    const res = await request(h.app).post('/api/list-participants').set('x-api-key', key).send({});
    expect(res.status).toBe(200);
  }, 60_000);

  it('manages keys: create, list (never the key), deactivate, delete', async () => {
    const name = `cli-${randomUUID().slice(0, 8)}`;
    await cli('accounts:create', name);
    const created = await cli('keys:create', name, 'reporting');
    const key = lastLine(created.stdout);
    expect(key).toMatch(/^cq_/);
    const keyId = /api key ([0-9a-f-]{36})/.exec(created.stdout)?.[1] as string;

    const listed = await cli('keys:list', name);
    expect(listed.stdout).toContain(keyId);
    expect(listed.stdout).toContain('reporting');
    expect(listed.stdout).toContain('active');
    expect(listed.stdout).not.toContain(key);

    const call = () => request(h.app).post('/api/list-participants').set('x-api-key', key).send({});
    expect((await call()).status).toBe(200);
    await cli('keys:deactivate', keyId);
    expect((await cli('keys:list', name)).stdout).toContain('deactivated');
    expect((await call()).status).toBe(403);
    await cli('keys:delete', keyId);
    expect((await cli('keys:list', name)).stdout).toContain('no keys');
  }, 90_000); // eight CLI processes, each a Node start-up: slow on a loaded 2-core machine

  it('accounts:show prints the webhook signing secret', async () => {
    const name = `cli-${randomUUID().slice(0, 8)}`;
    await cli('accounts:create', name);
    const { stdout } = await cli('accounts:show', name);
    expect(stdout).toMatch(/signing secret\s+whsec_[A-Za-z0-9+/]{43}=/);
    const account = await h.db.account.findUniqueOrThrow({ where: { name } });
    expect(stdout).toContain(account.webhookSecret);
  });

  it('explains its errors and exits non-zero', async () => {
    const missing = await cliFails('keys:list', `nobody-${randomUUID()}`);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^error: No account "nobody-/);
    const name = `cli-${randomUUID().slice(0, 8)}`;
    await cli('accounts:create', name);
    const duplicate = await cliFails('accounts:create', name);
    expect(duplicate.stderr).toContain(`An account named "${name}" already exists`);
    const unknownKey = await cliFails('keys:deactivate', randomUUID());
    expect(unknownKey.stderr).toMatch(/No API key/);
  });
});
