import { Redis, type RedisOptions } from 'ioredis';

export type { Redis };

/**
 * ioredis connections. Commands fail fast while Redis is unreachable (so a request can answer
 * 503 instead of hanging), except for BullMQ workers, which must wait: BullMQ requires
 * `maxRetriesPerRequest: null` on the connections its workers block on.
 */
export function createRedis(url: string, options: { forWorker?: boolean; name?: string } = {}): Redis {
  const settings: RedisOptions = {
    connectionName: options.name,
    maxRetriesPerRequest: options.forWorker ? null : 1,
    // A command waits at most this long for an answer; a request then fails instead of hanging.
    commandTimeout: options.forWorker ? undefined : 2_000,
    connectTimeout: 5_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  };
  return new Redis(url, settings);
}
