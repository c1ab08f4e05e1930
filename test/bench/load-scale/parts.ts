/**
 * The bench's `web`, `worker` and `clock` processes: each the Procfile's own line (the compiled
 * `dist/src/<kind>.js` run by this Node), one process per part so a SIGKILL reaches the entry
 * itself, restarted after a kill as a process manager would. Their output is kept (the last 64 kB)
 * for the report of a run that fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from '../../support/processes.js';

export type PartKind = 'web' | 'worker' | 'clock';

export interface Part {
  /** `web-1`, `worker-2`, … */
  name: string;
  kind: PartKind;
  child: ChildProcess;
  output(): string;
  /** Sends `signal` and resolves once the process has exited. */
  stop(signal: NodeJS.Signals): Promise<void>;
}

export function startPart(name: string, kind: PartKind, env: Record<string, string>): Part {
  const child = spawn(process.execPath, [path.join(projectRoot, 'dist/src', `${kind}.js`)], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-65_536);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return {
    name,
    kind,
    child,
    output: () => output,
    stop: (signal) =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}

/**
 * Resolves once a web process answers its readiness probe (GET /admin/ready 200: PostgreSQL, Redis
 * and the upstream reachable), as an orchestrator waits before it routes traffic to it.
 */
export async function waitUntilServing(baseUrl: string, part: Part, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${baseUrl}/admin/ready`).catch(() => null);
    if (res?.status === 200) return;
    if (part.child.exitCode !== null) throw new Error(`${part.name} exited at start:\n${part.output()}`);
    if (Date.now() > deadline) throw new Error(`${part.name} did not answer within ${timeoutMs} ms:\n${part.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
