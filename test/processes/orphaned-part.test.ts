import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const fixture = fileURLToPath(new URL('./fixtures/orphaned-part.ts', import.meta.url));

/** Forks the fixture as main.ts forks a part, closes the channel once it is starting, and waits for its exit. */
async function orphan(
  mode: 'installs' | 'hangs',
  options: { closeStdout?: boolean } = {},
): Promise<{ code: number | null; stderr: string; afterMs: number }> {
  const child = fork(fixture, [mode], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  let stderr = '';
  child.stdout?.resume();
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  await new Promise<void>((resolve) => child.once('message', () => resolve()));
  const closedAt = Date.now();
  // A supervisor killed by SIGKILL closes its end of the part's stdout with the channel.
  if (options.closeStdout) child.stdout?.destroy();
  child.disconnect();
  const timeout = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  clearTimeout(timeout);
  return { code, stderr, afterMs: Date.now() - closedAt };
}

describe('a part whose supervisor goes while it is still starting', () => {
  it('stops gracefully (exit 0) once stopOnSignals is installed, though the disconnect came before it', async () => {
    const { code, stderr } = await orphan('installs');
    expect(stderr).toContain('stopped gracefully');
    expect(code).toBe(0);
  }, 30_000);

  it('exits although the reader of its stdout is gone (its last log lines meet a broken pipe)', async () => {
    const { code, stderr } = await orphan('installs', { closeStdout: true });
    expect(stderr).toContain('stopped gracefully');
    expect(code).toBe(0);
  }, 30_000);

  it('exits with status 1 by itself when start-up never reaches stopOnSignals', async () => {
    const { code, stderr, afterMs } = await orphan('hangs');
    expect(stderr).not.toContain('stopped gracefully');
    expect(code).toBe(1);
    expect(afterMs).toBeGreaterThanOrEqual(250);
  }, 30_000);
});
