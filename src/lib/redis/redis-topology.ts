/**
 * Which Redis a process talks to: one server (REDIS_URL) or a Redis Cluster reached through some
 * of its nodes (REDIS_CLUSTER_NODES), docs/operations.md "Redis topologies".
 */
import { z } from 'zod';

export interface RedisNode {
  host: string;
  port: number;
}

/** How a process reaches the cluster's nodes: credentials for AUTH, and whether over TLS. */
export interface ClusterAccess {
  username?: string;
  password?: string;
  tls: boolean;
}

export type RedisTopology = { kind: 'single'; url: string } | { kind: 'cluster'; nodes: RedisNode[]; access: ClusterAccess };

const nodeFormat =
  'expected host:port entries separated by commas, e.g. 127.0.0.1:7001,127.0.0.1:7002 (IPv6 in brackets: [fd00::5]:7001), or redis:// or rediss:// URLs with a port';

/** One `host:port` entry (IPv6 hosts in brackets), or a redis:// / rediss:// URL with a port. */
function parseEntry(entry: string): { node: RedisNode; access?: ClusterAccess } | null {
  if (/^rediss?:\/\//.test(entry)) {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      return null;
    }
    if (url.port === '' || (url.pathname !== '' && url.pathname !== '/') || url.search !== '') return null;
    const access: ClusterAccess = { tls: url.protocol === 'rediss:' };
    if (url.username) access.username = decodeURIComponent(url.username);
    if (url.password) access.password = decodeURIComponent(url.password);
    return { node: { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(url.port) }, access };
  }
  const match = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(entry);
  if (!match) return null;
  const port = Number(match[2]);
  if (port < 1 || port > 65_535) return null;
  return { node: { host: match[1].replace(/^\[(.*)\]$/, '$1'), port } };
}

const sameAccess = (a: ClusterAccess, b: ClusterAccess) => a.tls === b.tls && a.username === b.username && a.password === b.password;

/**
 * REDIS_CLUSTER_NODES: the cluster nodes a process first connects to (ioredis learns the rest of
 * the cluster from them), comma-separated. One reachable node is enough; listing every master lets
 * a process start while any one of them is down. Entries written as URLs give the credentials and
 * TLS of every node (they must agree); plain `host:port` entries mean no AUTH and no TLS.
 */
export const RedisClusterNodes = z.string().transform((value, context) => {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const nodes: RedisNode[] = [];
  let access: ClusterAccess | undefined;
  for (const entry of entries) {
    const parsed = parseEntry(entry);
    if (!parsed) {
      context.addIssue({ code: 'custom', message: `"${entry.replace(/\/\/[^@/]*@/, '//…@')}": ${nodeFormat}` });
      return z.NEVER;
    }
    if (parsed.access && access && !sameAccess(parsed.access, access)) {
      context.addIssue({
        code: 'custom',
        message: 'the node URLs differ in scheme (redis:// or rediss://), user or password; every node of a cluster is reached alike',
      });
      return z.NEVER;
    }
    access ??= parsed.access;
    nodes.push(parsed.node);
  }
  if (nodes.length === 0) {
    context.addIssue({ code: 'custom', message: nodeFormat });
    return z.NEVER;
  }
  return { nodes, access: access ?? { tls: false } };
});

/** The topology from the two settings: a node list means a cluster, else the single server's URL. */
export function redisTopology(url: string, cluster: { nodes: RedisNode[]; access: ClusterAccess } | undefined): RedisTopology {
  return cluster ? { kind: 'cluster', ...cluster } : { kind: 'single', url };
}

/** A cluster's settings back as REDIS_CLUSTER_NODES's text (child processes, tests). */
export function formatClusterNodes(cluster: { nodes: readonly RedisNode[]; access: ClusterAccess }): string {
  const { username, password, tls } = cluster.access;
  const credentials =
    username || password ? `${encodeURIComponent(username ?? '')}${password ? `:${encodeURIComponent(password)}` : ''}@` : '';
  const asUrl = tls || credentials !== '';
  return cluster.nodes
    .map((node) => {
      const hostPort = node.host.includes(':') ? `[${node.host}]:${node.port}` : `${node.host}:${node.port}`;
      return asUrl ? `${tls ? 'rediss' : 'redis'}://${credentials}${hostPort}` : hostPort;
    })
    .join(',');
}
