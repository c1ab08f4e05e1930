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
  return new Cluster(topology.nodes, {
    redisOptions: settings,
    clusterRetryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    // Writes and reads both go to masters: the rate limits and queues need their own writes back.
    scaleReads: 'master',
    // A master failing over: retry the command on the promoted replica shortly after.
    retryDelayOnFailover: 200,
    retryDelayOnClusterDown: 300,
  });
}

