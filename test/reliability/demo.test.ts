/**
 * `npm run demo`, as a newcomer runs it, against src/main.ts started on a free port with a
 * database of its own and no private host allowed (the samples are the service's own): twice, the
 * second run finding the configuration, evaluator and participant of the first. What it prints
 * must exist: transcripts and evaluations, mirror rows, the alert record of the breaching call and
 * the exported report file; the compliant call passes every criterion with the company heard as
 * configured, and docs/getting-started.md quotes the call lines as they are printed.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, projectRoot, type ChildService, startEntry } from '../support/processes.js';
import { createScratchDatabase } from '../support/scratch-database.js';
import { eventually } from '../support/webhook-receiver.js';

const run = promisify(execFile);

let database: { url: string; drop: () => Promise<void> };
let main: ChildService;
let env: Record<string, string>;
let exportsDir: string;

async function runDemo(): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', 'demo'], { cwd: projectRoot, env: { ...process.env, ...env }, timeout: 300_000 });
  return stdout;
}

const idsOf = (stdout: string) =>
  Object.fromEntries([...stdout.matchAll(/^\[([\w-]+)\] submitted ([0-9a-f-]{36})/gm)].map((m) => [m[1], m[2]]));

beforeAll(async () => {
  database = await createScratchDatabase('demo');
  const port = await freePort();
  exportsDir = mkdtempSync(path.join(tmpdir(), 'convoqa-demo-exports-'));
  env = {
    PORT: String(port),
    ADMIN_TOKEN: `demo-${randomUUID()}`,
    DATABASE_URL: database.url,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'convoqa-demo-')),
    EXPORTS_DIR: exportsDir,
    QUEUE_PREFIX: `test-demo-${randomUUID().slice(0, 8)}`,
    REPORTS_ENABLED: 'false',
    // The alert's log line is written at info.
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    // As a newcomer runs it: no private host allowed (the test suite's blanket 127.0.0.1 is emptied).
    ALLOW_PRIVATE_HOSTS: '',
  };
  main = startEntry('src/main.ts', env);
  await eventually(async () => (await fetch(`http://127.0.0.1:${port}/admin/health`).catch(() => null))?.status === 200, 60_000);
}, 120_000);

afterAll(async () => {
  await main?.stop();
  await database?.drop();
});

describe('npm run demo', () => {
  it('shows a compliant and a breaching call end to end, and is safe to run twice', async () => {
    const first = await runDemo();
    expect(first).toMatch(/configuration [0-9a-f-]{36} "convoqa-demo" \(created\)/);
    expect(first).toMatch(/its webhooks point at the hub's receiver: http:\/\/localhost:\d+\/webhooks\//);
    expect(first).toMatch(/evaluator [0-9a-f-]{36} "convoqa-demo" \(created\): .*\[boolean\].*\[scale\].*\[strict\]/);
    expect(first).toMatch(/participant [0-9a-f-]{36} "demo-agent-daniel" \(created\)/);
    expect(first).toMatch(/^\[support-call\] evaluation: score [\d.]+, critical fail no$/m);
    expect(first).toMatch(/^\[blaming-call\] evaluation: score [\d.]+, critical fail YES$/m);
    expect(first).toMatch(/^\[blaming-call\] {3}FAIL No blaming or rudeness \[strict\]/m);
    expect(first).toMatch(/^\[blaming-call\] slack alert [0-9a-f-]{36}: delivered_to_log — Slack is not configured/m);
    expect(first).toMatch(/^\[support-call\] slack alert: none \(no critical fail\)$/m);
    // The compliant call passes every criterion, and the company configured as vocabulary is heard as written.
    const supportVerdicts = [...first.matchAll(/^\[support-call\] {3}(PASS|FAIL) (.+?) \[/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(supportVerdicts).toEqual(['PASS Greeting', 'PASS Empathy', 'PASS Closing', 'PASS No blaming or rudeness']);
    expect(first).toMatch(/^\[support-call\] {3}A: .*\bAcme\b/m);
    // A summary a reader can use: no speaker labels, no doubled full stops.
    const summaries = [...first.matchAll(/^\[[\w-]+\] summary: (.+)$/gm)].map((m) => m[1] ?? '');
    expect(summaries).toHaveLength(2);
    for (const summary of summaries) {
      expect(summary).not.toMatch(/Speaker [A-Z]|\.\s*\./);
      expect(summary).toMatch(/^The customer called because /);
    }
    // docs/getting-started.md quotes what the demo prints: each quoted call line (ids and times shortened with …) is printed as quoted.
    const quoted = /```text\n([\s\S]*?)```/.exec(readFileSync(path.join(projectRoot, 'docs/getting-started.md'), 'utf8'))?.[1] ?? '';
    const quotedCallLines = quoted.split('\n').filter((line) => /^\[(support|blaming)-call\] /.test(line) && !line.includes('…'));
    expect(quotedCallLines.length).toBeGreaterThan(10);
    for (const line of quotedCallLines) expect(first.split('\n')).toContain(line);
    const ids = idsOf(first);
    expect(Object.keys(ids).sort()).toEqual(['blaming-call', 'support-call']);
    for (const id of Object.values(ids)) expect(first).toContain(`/console/calls/${id}`);
    const reportFile = /^report: \d+ row\(s\) exported to (.+)$/m.exec(first)?.[1] ?? '';
    expect(path.dirname(reportFile)).toBe(exportsDir);
    expect(existsSync(reportFile)).toBe(true);
    expect(readFileSync(reportFile, 'utf8')).toContain(ids['blaming-call']);

    const second = await runDemo();
    expect(second).toMatch(/configuration [0-9a-f-]{36} "convoqa-demo" \(found\)/);
    expect(second).toMatch(/evaluator [0-9a-f-]{36} "convoqa-demo" \(found\)/);
    expect(second).toMatch(/participant [0-9a-f-]{36} "demo-agent-daniel" \(found\)/);
    const secondIds = idsOf(second);

    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const count = async (table: string) =>
        Number(
          (
            await db.query(`SELECT count(*) AS n FROM ${table} WHERE tag = $1`, [
              table === 'svc_participants' ? 'demo-agent-daniel' : 'convoqa-demo',
            ])
          ).rows[0].n,
        );
      expect(await count('svc_configurations')).toBe(1);
      expect(await count('svc_evaluators')).toBe(1);
      expect(await count('svc_participants')).toBe(1);
      for (const [sample, id] of [...Object.entries(ids), ...Object.entries(secondIds)]) {
        const transcript = await db.query(
          'SELECT status, conversation IS NOT NULL AS has_transcript, critical_fail FROM svc_transcriptions WHERE id = $1',
          [id],
        );
        expect(transcript.rows[0]).toEqual({ status: 'COMPLETED', has_transcript: true, critical_fail: sample === 'blaming-call' });
        const mirrored = await db.query('SELECT status, critical_fail FROM hub_transcriptions WHERE id = $1', [id]);
        expect(mirrored.rows[0]).toEqual({ status: 'COMPLETED', critical_fail: sample === 'blaming-call' });
        const alerts = await db.query('SELECT status FROM hub_alerts WHERE transcription_id = $1', [id]);
        expect(alerts.rows).toEqual(sample === 'blaming-call' ? [{ status: 'delivered_to_log' }] : []);
      }
    } finally {
      await db.end();
    }
    // Where the alert went without Slack: the service's log.
    expect(main.output()).toContain('slack (log only, no SLACK_BOT_TOKEN)');
  }, 600_000);

  it('says in one line what is wrong when no service answers', async () => {
    const closedPort = await freePort();
    const failed = await run('npm', ['run', '--silent', 'demo'], {
      cwd: projectRoot,
      env: { ...process.env, ...env, PORT: String(closedPort) },
      timeout: 60_000,
    }).then(
      () => null,
      (error: { code?: number; stdout?: string; stderr?: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr?.trim()).toMatch(
      new RegExp(
        `^demo failed: no answer from http://localhost:${closedPort} \\(ECONNREFUSED\\): is the service started \\(npm start\\) with the same PORT / PUBLIC_BASE_URL\\?$`,
      ),
    );
  }, 120_000);

  it('without ADMIN_TOKEN takes the one the service generated, and says what to do when there is none', async () => {
    // This service was given ADMIN_TOKEN, so none was generated in its database.
    const failed = await run('npm', ['run', '--silent', 'demo'], {
      cwd: projectRoot,
      env: { ...process.env, ...env, ADMIN_TOKEN: '' },
      timeout: 60_000,
    }).then(
      () => null,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr?.trim()).toBe(
      'demo failed: ADMIN_TOKEN is not set and the service has not generated one yet: start it first (npm start), or set ADMIN_TOKEN for both',
    );
  }, 120_000);
});
