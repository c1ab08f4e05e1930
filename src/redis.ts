import { Cluster, Redis as SingleRedis, type RedisOptions } from 'ioredis';
import type { Redis } from './lib/redis/redis-client.js';
import type { RedisTopology } from './lib/redis/redis-topology.js';

export type { Redis };

/**
 * ioredis connections. Commands fail fast while Redis is unreachable (so a request can answer
 * 503 instead of hanging), except for BullMQ workers, which must wait: BullMQ requires
 * `maxRetriesPerRequest: null` on the connections its workers block on. A string is a single
 * Redis's URL.
 */
export function createRedis(target: string | RedisTopology, options: { forWorker?: boolean; name?: string } = {}): Redis {
  const topology: RedisTopology = typeof target === 'string' ? { kind: 'single', url: target } : target;
  const settings: RedisOptions = {
    connectionName: options.name,
    maxRetriesPerRequest: options.forWorker ? null : 1,
    // A command waits at most this long for an answer; a request then fails instead of hanging.
    commandTimeout: options.forWorker ? undefined : 2_000,
    connectTimeout: 5_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  };
  if (topology.kind === 'single') return new SingleRedis(topology.url, settings);
  const { access } = topology;
  // The cluster client reconnects its nodes itself (clusterRetryStrategy): no retryStrategy per node.
  const nodeSettings: RedisOptions = { ...settings, retryStrategy: undefined };
  return new Cluster(topology.nodes, {
    redisOptions: {
      ...nodeSettings,
      ...(access.username ? { username: access.username } : {}),
      ...(access.password ? { password: access.password } : {}),
      ...(access.tls ? { tls: {} } : {}),
    },
    // Over TLS, connect to nodes by the names given: ioredis would otherwise resolve them to
    // addresses first, which the nodes' certificates do not name (ioredis's advice for ElastiCache).
    ...(access.tls ? { dnsLookup: (address: string, callback: (error: null, address: string) => void) => callback(null, address) } : {}),
    clusterRetryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    // A cluster client would hold commands while it has no cluster, without the limit a single
    // Redis's maxRetriesPerRequest puts on them: with no cluster reachable (every node down, a wrong
    // password) a request would wait for it. They fail at once instead, so a request answers 503 as
    // on a single Redis (and so do the few that come before the first connection, at boot); BullMQ
    // waits for the cluster itself, and its workers' connections hold commands as they must.
    enableOfflineQueue: options.forWorker === true,
    // Writes and reads both go to masters: the rate limits and queues need their own writes back.
    scaleReads: 'master',
    // A master failing over: retry the command on the promoted replica shortly after.
    retryDelayOnFailover: 200,
    retryDelayOnClusterDown: 300,
  });
}
