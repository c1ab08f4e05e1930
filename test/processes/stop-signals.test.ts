/**
 * `npm start` stopped the way a process manager or `docker stop` stops it (docs/processes.md,
 * "Stopping"): a signal to the process it started (npm, or the supervisor itself) stops the
 * supervisor and every part within the grace period, and nothing of the run is left: no process,
 * no listener on its port. The processes of a run are found by an environment marker that every
 * one of them inherits (npm, the supervisor, web, worker, clock, tsx's esbuild helpers).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileTimeoutMs, ensureCompiled, freePort, projectRoot } from '../support/processes.js';

const markerName = 'CONVOQA_STOP_SIGNALS_TEST';
/** The supervisor's 8 s for its parts, and its own exit, within the 10 s a deploy allows; some slack for a loaded machine. */
const allowedStopMs = 15_000;

/** Every process whose environment carries `marker`, with its command line. */
function processesOf(marker: string): { pid: number; command: string }[] {
  const found: { pid: number; command: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (!environ.includes(`${markerName}=${marker}`)) continue;
      found.push({ pid: Number(entry), command: readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim() });
    } catch {
      // Gone between the listing and the read, or not ours to read.
    }
  }
  return found;
}

async function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

interface Run {
  child: ChildProcess;
  marker: string;
  port: number;
  output: () => string;
}

const runs: Run[] = [];
afterAll(() => {
  // A failed test must not leave its run behind either.
  for (const run of runs)
    for (const { pid } of processesOf(run.marker)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
});

/** Starts `command` as `npm start` would be run, with its own port, queue prefix and marker, and waits for /admin/health. */
async function startRun(command: string, args: string[]): Promise<Run> {
  const port = await freePort();
  const marker = randomUUID();
  const child = spawn(command, args, {
    cwd: projectRoot,
    env: {
      ...process.env,
      [markerName]: marker,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      QUEUE_PREFIX: `test-stop-${marker.slice(0, 8)}`,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const run = { child, marker, port, output: () => output };
  runs.push(run);
  // npm start's set-up steps (system packages, client generation, migrations) come first.
  const deadline = Date.now() + 120_000;
  for (;;) {
    const health = await fetch(`http://127.0.0.1:${port}/admin/health`).catch(() => null);
    if (health) return run;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Sends `signal` to `pid` and returns how long until no process of the run was left. */
async function stopAndWait(
  run: Run,
  pid: number,
  signal: NodeJS.Signals,
): Promise<{ stoppedInMs: number; left: { pid: number; command: string }[] }> {
  const sentAt = Date.now();
  process.kill(pid, signal);
  for (;;) {
    const left = processesOf(run.marker);
    if (left.length === 0 || Date.now() - sentAt > allowedStopMs + 5_000) return { stoppedInMs: Date.now() - sentAt, left };
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The pids of the supervisor and of its three parts, from the supervisor's `part started` lines. */
function partPids(run: Run): number[] {
  return run
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes('"part started"'))
    .map((line) => (JSON.parse(line) as { childPid: number }).childPid);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('stopping npm start', () => {
  // npm start builds dist/ first when it is stale; built here, its start-up is what the deadline measures.
  beforeAll(() => ensureCompiled(), compileTimeoutMs);

  it('the start script execs the supervisor, so the signal npm forwards reaches it and not a shell', () => {
    const pkg = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    // `sh -c 'a && b && node …'` would keep the shell as npm's child: SIGTERM kills the shell and the node below runs on.
    expect(pkg.scripts.start).toMatch(/&& exec node dist\/src\/main\.js$/);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} to npm stops the supervisor and every part, and frees the port`, async () => {
      const run = await startRun('npm', ['start']);
      const before = processesOf(run.marker);
      const parts = partPids(run);
      expect(parts).toHaveLength(3);
      // npm's child is the supervisor itself, not a shell.
      expect(before.map((p) => p.command)).toContain('node dist/src/main.js');
      expect(before.some((p) => p.command.startsWith('sh -c'))).toBe(false);

      const { stoppedInMs, left } = await stopAndWait(run, run.child.pid ?? 0, signal);
      expect(left).toEqual([]);
      expect(stoppedInMs).toBeLessThan(allowedStopMs);
      expect(parts.filter(isAlive)).toEqual([]);
      expect(await isListening(run.port)).toBe(false);
      expect(run.output()).toContain('"shutting down every part"');
    }, 180_000);
  }

  it('SIGHUP to the supervisor stops every part, each through its orderly shutdown', async () => {
    const run = await startRun(process.execPath, ['--import', 'tsx', 'src/main.ts']);
    const parts = partPids(run);
    expect(parts).toHaveLength(3);
    const exited = new Promise<number | null>((resolve) => run.child.once('exit', (code) => resolve(code)));
    const { stoppedInMs, left } = await stopAndWait(run, run.child.pid ?? 0, 'SIGHUP');
    expect(left).toEqual([]);
    expect(stoppedInMs).toBeLessThan(allowedStopMs);
    expect(await exited).toBe(0);
    expect(parts.filter(isAlive)).toEqual([]);
    expect(await isListening(run.port)).toBe(false);
    // Stopped by the supervisor's SIGTERM within the grace, not killed at its end.
    expect(run.output()).not.toContain('part did not stop in time');
    expect(run.output().match(/"part stopped"/g)).toHaveLength(3);
  }, 180_000);
});
