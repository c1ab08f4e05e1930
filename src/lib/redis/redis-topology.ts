/**
 * Which Redis a process talks to: one server (REDIS_URL) or a Redis Cluster reached through some
 * of its nodes (REDIS_CLUSTER_NODES), docs/operations.md "Redis topologies".
 */
import { z } from 'zod';

export interface RedisNode {
  host: string;
  port: number;
}

export type RedisTopology = { kind: 'single'; url: string } | { kind: 'cluster'; nodes: RedisNode[] };

const nodeFormat = 'expected host:port entries separated by commas, e.g. 127.0.0.1:7001,127.0.0.1:7002 (IPv6 in brackets: [fd00::5]:7001)';

/** One `host:port` entry; IPv6 hosts in brackets. */
function parseNode(entry: string): RedisNode | null {
  const match = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(entry);
  if (!match) return null;
  const port = Number(match[2]);
  if (port < 1 || port > 65_535) return null;
  const host = match[1].replace(/^\[(.*)\]$/, '$1');
  return { host, port };
}

/**
 * REDIS_CLUSTER_NODES: the cluster nodes a process first connects to (ioredis learns the rest of
 * the cluster from them), comma-separated `host:port`. One reachable node is enough; listing every
 * master lets a process start while any one of them is down.
 */
export const RedisClusterNodes = z
  .string()
  .transform((value, context) => {
    const entries = value.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
    const nodes: RedisNode[] = [];
    for (const entry of entries) {
      const node = parseNode(entry);
      if (!node) {
        context.addIssue({ code: 'custom', message: `"${entry}": ${nodeFormat}` });
        return z.NEVER;
      }
      nodes.push(node);
    }
    if (nodes.length === 0) {
      context.addIssue({ code: 'custom', message: nodeFormat });
      return z.NEVER;
    }
    return nodes;
  });

/** The topology from the two settings: a node list means a cluster, else the single server's URL. */
export function redisTopology(url: string, clusterNodes: RedisNode[] | undefined): RedisTopology {
  return clusterNodes ? { kind: 'cluster', nodes: clusterNodes } : { kind: 'single', url };
}

/** The list back as REDIS_CLUSTER_NODES's text (child processes, logs). */
export function formatClusterNodes(nodes: readonly RedisNode[]): string {
  return nodes.map((node) => (node.host.includes(':') ? `[${node.host}]:${node.port}` : `${node.host}:${node.port}`)).join(',');
}
