/**
 * A private PostgreSQL cluster: `initdb` into a temporary folder (trust auth) and the `postgres`
 * server of the Debian packages on a free loopback port, which a scenario can SIGKILL and start
 * again on the same data (crash recovery from the WAL).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConnection } from 'node:net';
import { freePort } from '../../support/processes.js';

export interface PrivatePostgres {
  /** postgresql://postgres@127.0.0.1:<port>/postgres */
  url: string;
  kill(): Promise<void>;
  restart(): Promise<void>;
  close(): Promise<void>;
}

const binDir = () => {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error('no PostgreSQL under /usr/lib/postgresql');
  return path.join('/usr/lib/postgresql', versions[0], 'bin');
};

/** PostgreSQL refuses to run as root: as root, run it as the `postgres` user of the Debian packages. */
function serverUser(): { uid: number; gid: number } | Record<string, never> {
  if (process.getuid?.() !== 0) return {};
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const user = serverUser();
  const dir = mkdtempSync(path.join(tmpdir(), 'convoqa-pg-'));
  if ('uid' in user) chownSync(dir, user.uid, user.gid);
  const data = path.join(dir, 'data');
  execFileSync(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync'], { stdio: 'ignore', ...user });
  const port = await freePort();
  let server: ChildProcess | null = null;
  const start = async () => {
    const deadline = Date.now() + 30_000;
    // After a SIGKILL, the old server's backends may hold its shared memory for a moment: retry.
    for (;;) {
      const spawned = spawn(
        path.join(bin, 'postgres'),
        ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=on'],
        { stdio: 'ignore', ...user },
      );
      server = spawned;
      const up = await Promise.race([
        waitForPort(port, 15_000).then(() => true),
        new Promise<boolean>((resolve) => spawned.once('exit', () => resolve(false))),
      ]);
      if (up) return;
      if (Date.now() > deadline) throw new Error('postgres did not start again');
      await new Promise((r) => setTimeout(r, 300));
    }
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
  await start();
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    kill,
    restart: start,
    close: async () => {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
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
    if (Date.now() > deadline) throw new Error(`postgres did not listen on ${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
