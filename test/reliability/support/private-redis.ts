/**
 * A private `redis-server` on a free loopback port, configured as production here (no RDB, no
 * AOF: a restart comes back empty), that a scenario can SIGKILL and start again on the same port,
 * or SIGSTOP (stalled: connections stay open, nothing answers) and SIGCONT.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort } from '../../support/processes.js';

export interface PrivateRedis {
  url: string;
  port: number;
  /** SIGKILL: no shutdown, no save. */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty: it kept nothing on disk). */
  restart(): Promise<void>;
  /** SIGSTOP: the server keeps its sockets but answers nothing until resume(). */
  pause(): void;
  /** SIGCONT after pause(). */
  resume(): void;
  close(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let server: ChildProcess | null = null;
  const start = async () => {
    server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'no'],
      { stdio: 'ignore' },
    );
    await waitForPort(port, 10_000);
  };
  const kill = async () => {
    const running = server;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
    server = null;
  };
  const signal = (name: NodeJS.Signals) => {
    const running = server;
    if (running && running.exitCode === null && running.signalCode === null) running.kill(name);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill,
    restart: start,
    pause: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
    close: kill,
  };
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`redis-server did not listen on ${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
