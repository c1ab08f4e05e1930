/** Logs: human-readable on a terminal or with LOG_FORMAT=pretty, JSON lines otherwise; redacted either way. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../support/processes.js';

const run = promisify(execFile);

async function logWith(format: string): Promise<string> {
  const script = `const { createLogger } = await import('./src/logger.ts');
createLogger({ level: 'info', format: '${format}' }).info({ apiKey: 'cq_topsecret', upstream: 'http://127.0.0.1:9/api' }, 'hub client ready');`;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: projectRoot });
  return stdout;
}

describe('log format', () => {
  it('pretty: a readable line with the level and message, fields below, secrets redacted', async () => {
    const out = await logWith('pretty');
    expect(out).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO \(convoqa\): hub client ready\n/);
    expect(out).toContain('apiKey: "[redacted]"');
    expect(out).not.toContain('cq_topsecret');
  });

  it('auto on a pipe (and json): one JSON object per line, secrets redacted', async () => {
    for (const format of ['auto', 'json']) {
      const out = await logWith(format);
      const line = JSON.parse(out) as Record<string, unknown>;
      expect(line).toMatchObject({ level: 30, msg: 'hub client ready', apiKey: '[redacted]' });
      expect(out).not.toContain('cq_topsecret');
    }
  });
});
