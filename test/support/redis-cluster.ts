/**
 * A real Redis Cluster for a test file: three masters from Debian's redis-server on free loopback
 * ports (each with its cluster bus on port + 10000), joined by `redis-cli --cluster create`, with
 * nothing kept on disk beyond their temporary folder. One per test file: it starts in about a
 * second and close() stops the servers and removes the folder.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { formatClusterNodes, type RedisNode, type RedisTopology } from '../../src/lib/redis/redis-topology.js';

const run = promisify(execFile);

export interface LocalRedisCluster {
  nodes: RedisNode[];
  topology: RedisTopology;
  /** REDIS_CLUSTER_NODES's value for these nodes. */
  nodeList: string;
  close(): Promise<void>;
}

/** Whether a loopback port can be bound right now. */
function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** `count` ports P whose cluster bus port P + 10000 is free too, away from other test files' picks. */
async function freeClusterPorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < count) {
    const port = 20_000 + Math.floor(Math.random() * 30_000);
    if (ports.some((p) => Math.abs(p - port) < 2)) continue;
    if ((await isPortFree(port)) && (await isPortFree(port + 10_000))) ports.push(port);
  }
  return ports;
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const cli = (port: number, ...args: string[]) => run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], { timeout: 10_000 });

export async function startRedisCluster(masters = 3): Promise<LocalRedisCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'convoqa-redis-cluster-'));
  const ports = await freeClusterPorts(masters);
  const servers: ChildProcess[] = ports.map((port) =>
    spawn(
      'redis-server',
      [
        '--port', String(port), '--bind', '127.0.0.1', '--protected-mode', 'no',
        '--cluster-enabled', 'yes', '--cluster-config-file', path.join(dir, `nodes-${port}.conf`), '--cluster-node-timeout', '2000',
        '--dir', dir, '--save', '', '--appendonly', 'no',
      ],
      { stdio: 'ignore' },
    ),
  );
  const close = async () => {
    await Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            if (server.exitCode !== null || server.signalCode !== null) return resolve();
            server.once('exit', () => resolve());
            server.kill('SIGKILL');
          }),
      ),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const port of ports) await waitFor(`redis-server did not answer on ${port}`, async () => (await cli(port, 'ping')).stdout.trim() === 'PONG');
    await run('redis-cli', ['--cluster', 'create', ...ports.map((port) => `127.0.0.1:${port}`), '--cluster-replicas', '0', '--cluster-yes'], { timeout: 30_000 });
    for (const port of ports) {
      await waitFor(`the cluster was not ok on ${port}`, async () => (await cli(port, 'cluster', 'info')).stdout.includes('cluster_state:ok'));
    }
  } catch (error) {
    await close();
    throw error;
  }
  const nodes = ports.map((port) => ({ host: '127.0.0.1', port }));
  return { nodes, topology: { kind: 'cluster', nodes }, nodeList: formatClusterNodes(nodes), close };
}
