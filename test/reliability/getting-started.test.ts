/**
 * docs/getting-started.md, as written: its `sh` blocks (not the `sh terminal` ones, which this test
 * replaces by starting src/main.ts itself) run in one bash against a
 * started service on a free port with a database of its own. The page and the service cannot drift.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, projectRoot, startEntry, type ChildService } from '../support/processes.js';
import { createScratchDatabase } from '../support/scratch-database.js';
import { eventually } from '../support/webhook-receiver.js';

const run = promisify(execFile);

/** The runnable blocks of the page: ```sh, not ```sh terminal. */
function runnableBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? '');
}

const doc = readFileSync(path.join(projectRoot, 'docs/getting-started.md'), 'utf8');
let database: { url: string; drop: () => Promise<void> };
let main: ChildService;
let env: Record<string, string>;

beforeAll(async () => {
  database = await createScratchDatabase('first_calls');
  const port = await freePort();
  env = {
    PORT: String(port),
    ADMIN_TOKEN: `first-calls-${randomUUID()}`,
    DATABASE_URL: database.url,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'convoqa-first-calls-')),
    QUEUE_PREFIX: `test-first-calls-${randomUUID().slice(0, 8)}`,
    REPORTS_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    // As the page's first terminal: no private host allowed (the test suite's blanket 127.0.0.1
    // is emptied); the sample is on the service's own address, which is always allowed.
    ALLOW_PRIVATE_HOSTS: '',
  };
  main = startEntry('src/main.ts', env);
  await eventually(async () => (await fetch(`http://127.0.0.1:${port}/admin/health`).catch(() => null))?.status === 200, 60_000);
}, 120_000);

afterAll(async () => {
  await main?.stop();
  await database?.drop();
});

describe('docs/getting-started.md', () => {
  it("has runnable blocks that use $PORT, never a fixed port; the sample is the service's own, no private host is allowed", () => {
    expect(doc).toMatch(/^export PORT=3000 ADMIN_TOKEN=\S+$/m);
    expect(doc).not.toMatch(/ALLOW_PRIVATE_HOSTS=/);
    expect(doc).toContain('http://localhost:$PORT/samples/support-call.wav');
    const blocks = runnableBlocks(doc);
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    expect(blocks.join('\n')).not.toMatch(/localhost:3000/);
  });

  it("is what the README's first calls say, word for word (so running these runs those)", () => {
    const readme = readFileSync(path.join(projectRoot, 'README.md'), 'utf8');
    const firstCalls = readme.slice(readme.indexOf('## First calls'), readme.indexOf('\n## ', readme.indexOf('## First calls') + 3));
    expect(runnableBlocks(firstCalls)[0]).toBe(runnableBlocks(doc)[0]);
  });

  it("its first calls work end to end in the hub's account: transcript, summary, mirror row", async () => {
    const script = `set -euo pipefail\n${runnableBlocks(doc).join('\n')}`;
    const { stdout } = await run('bash', ['-c', script], { cwd: projectRoot, env: { ...process.env, ...env }, timeout: 240_000 });
    expect(stdout).toContain('"tag":"Ana"');
    expect(stdout).toMatch(/now sends its webhooks to:\n {2}success_url http:\/\/localhost:\d+\/webhooks\//);
    const id = /submitted ([0-9a-f-]{36})/.exec(stdout)?.[1] ?? '';
    expect(id).not.toBe('');
    expect(stdout).toMatch(/"status": "COMPLETED"/);
    expect(stdout).toContain(`"id": "${id}"`);

    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const transcript = await db.query('SELECT status, conversation IS NOT NULL AS has_transcript FROM svc_transcriptions WHERE id = $1', [
        id,
      ]);
      expect(transcript.rows[0]).toMatchObject({ status: 'COMPLETED', has_transcript: true });
      const mirrored = await db.query('SELECT status FROM hub_transcriptions WHERE id = $1', [id]);
      expect(mirrored.rows[0]).toEqual({ status: 'COMPLETED' });
    } finally {
      await db.end();
    }
  }, 300_000);
});
