/**
 * A real Redis Cluster for a test file: three masters from Debian's redis-server on free loopback
 * ports (each with its cluster bus on port + 10000), optionally a replica each, joined by
 * `redis-cli --cluster create`, with nothing kept on disk beyond their temporary folder. One per
 * test file: it starts in a second or two and close() stops the servers and removes the folder.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { promisify } from 'node:util';
import type { Redis } from '../../src/redis.js';
import { formatClusterNodes, type ClusterAccess, type RedisNode, type RedisTopology } from '../../src/lib/redis/redis-topology.js';

const run = promisify(execFile);

export interface LocalRedisCluster {
  nodes: RedisNode[];
  topology: RedisTopology;
  /** REDIS_CLUSTER_NODES's value for these nodes. */
  nodeList: string;
  /**
   * SIGKILLs the master serving `key`'s slot once its replica has every write it took, and
   * resolves when that replica has been promoted and the cluster is ok again; answers the port of
   * the master killed. Needs a cluster started with a replica per master.
   */
  failOver(key: string): Promise<number>;
  close(): Promise<void>;
}

/** One line of CLUSTER NODES: the node's port, whether it is a live master, and its slot ranges. */
interface ClusterNodeLine {
  id: string;
  port: number;
  isMaster: boolean;
  isFailed: boolean;
  masterId: string;
  slots: [number, number][];
}

function parseClusterNodes(text: string): ClusterNodeLine[] {
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const [id = '', address = '', flags = '', masterId = '', , , , , ...ranges] = line.trim().split(' ');
      return {
        id,
        port: Number(address.split('@')[0]?.split(':').pop()),
        isMaster: flags.split(',').includes('master'),
        isFailed: flags.split(',').some((flag) => flag === 'fail' || flag === 'fail?'),
        masterId,
        slots: ranges
          .filter((range) => /^\d/.test(range))
          .map((range) => {
            const [from, to = from] = range.split('-').map(Number) as [number, number?];
            return [from, to] as [number, number];
          }),
      };
    });
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

/**
 * `replicas`: one per master, for failOver(). `password`: every node requires it (AUTH), as a
 * hosted cluster does, and the replicas use it to follow their masters.
 */
export async function startRedisCluster(options: { replicas?: 0 | 1; password?: string } = {}): Promise<LocalRedisCluster> {
  const replicas = options.replicas ?? 0;
  const auth = options.password ? ['-a', options.password, '--no-auth-warning'] : [];
  const cli = (port: number, ...args: string[]) =>
    run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...auth, ...args], { timeout: 10_000 });
  const dir = mkdtempSync(path.join(tmpdir(), 'convoqa-redis-cluster-'));
  const ports = await freeClusterPorts(3 * (1 + replicas));
  const servers = new Map<number, ChildProcess>();
  const start = (port: number) =>
    spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--protected-mode',
        'no',
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        path.join(dir, `nodes-${port}.conf`),
        '--cluster-node-timeout',
        '2000',
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        'no',
        ...(options.password ? ['--requirepass', options.password, '--masterauth', options.password] : []),
      ],
      { stdio: 'ignore' },
    );
  for (const port of ports) servers.set(port, start(port));
  const kill = (server: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (server.exitCode !== null || server.signalCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.kill('SIGKILL');
    });
  const close = async () => {
    await Promise.all([...servers.values()].map(kill));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const port of ports)
      await waitFor(`redis-server did not answer on ${port}`, async () => (await cli(port, 'ping')).stdout.trim() === 'PONG');
    await run(
      'redis-cli',
      [
        ...auth,
        '--cluster',
        'create',
        ...ports.map((port) => `127.0.0.1:${port}`),
        '--cluster-replicas',
        String(replicas),
        '--cluster-yes',
      ],
      { timeout: 30_000 },
    );
    await waitUntilOk(ports, cli);
    // Every node must know each replica and its master before a failover can promote one.
    if (replicas > 0)
      await waitFor(
        'the replicas did not all sync',
        async () =>
          parseClusterNodes((await cli(ports[0], 'cluster', 'nodes')).stdout).filter((n) => !n.isMaster && n.masterId !== '-').length === 3,
      );
  } catch (error) {
    await close();
    throw error;
  }

  const nodesOf = async (port: number) => parseClusterNodes((await cli(port, 'cluster', 'nodes')).stdout);
  const failOver = async (key: string): Promise<number> => {
    const live = [...servers.keys()];
    const slot = Number((await cli(live[0], 'cluster', 'keyslot', key)).stdout.trim());
    const serves = (node: ClusterNodeLine) =>
      node.isMaster && !node.isFailed && node.slots.some(([from, to]) => slot >= from && slot <= to);
    const master = (await nodesOf(live[0])).find(serves);
    if (!master) throw new Error(`no master serves slot ${slot}`);
    // Replication is asynchronous: wait until the replica has taken every write the master took.
    await waitFor(`the replica of ${master.port} did not catch up`, async () => {
      const info = (await cli(master.port, 'info', 'replication')).stdout;
      const offset = /master_repl_offset:(\d+)/.exec(info)?.[1];
      return offset !== undefined && new RegExp(`slave0:.*offset=${offset},`).test(info);
    });
    const server = servers.get(master.port);
    if (server) await kill(server);
    servers.delete(master.port);
    const survivors = [...servers.keys()];
    await waitFor(
      `no replica took over slot ${slot}`,
      async () => ((await nodesOf(survivors[0])).find(serves)?.port ?? master.port) !== master.port,
      30_000,
    );
    await waitUntilOk(survivors, cli);
    return master.port;
  };
  const nodes = ports.map((port) => ({ host: '127.0.0.1', port }));
  const access: ClusterAccess = { tls: false, ...(options.password ? { password: options.password } : {}) };
  return { nodes, topology: { kind: 'cluster', nodes, access }, nodeList: formatClusterNodes({ nodes, access }), failOver, close };
}

/**
 * Resolves once a cluster connection is ready: its commands fail, rather than wait, before that
 * (src/redis.ts), so a test waits for it before its first command.
 */
export async function clusterReady(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return;
  await once(redis, 'ready');
}

type Cli = (port: number, ...args: string[]) => Promise<{ stdout: string }>;

async function waitUntilOk(ports: readonly number[], cli: Cli): Promise<void> {
  for (const port of ports) {
    await waitFor(
      `the cluster was not ok on ${port}`,
      async () => (await cli(port, 'cluster', 'info')).stdout.includes('cluster_state:ok'),
      30_000,
    );
  }
}
