import type { Cluster, Redis as SingleRedis } from 'ioredis';

/**
 * A connection to a single Redis or to a Redis Cluster (docs/operations.md "Redis topologies").
 * Both speak the same commands; on a cluster, every key of one script or transaction must share a
 * hash tag (hash-tag.ts), and BullMQ takes either as its connection.
 */
export type Redis = SingleRedis | Cluster;
