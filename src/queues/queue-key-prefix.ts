/**
 * BullMQ's key prefix for one queue. BullMQ's scripts touch several keys of a queue at once, so on
 * a Redis Cluster every key of a queue must share a hash tag; each queue gets its own
 * (`{convoqa.hub.mirror-transcription}`), which spreads the queues over the cluster's masters as
 * BullMQ's guide advises. On a single Redis the prefix stays as configured: a new prefix would
 * leave the jobs queued under the old one unseen (docs/operations.md "Redis topologies").
 */
import { hashTag } from '../lib/redis/hash-tag.js';

export function queueKeyPrefix(prefix: string, queueName: string, onCluster: boolean): string {
  return onCluster ? hashTag(`${prefix}.${queueName}`) : prefix;
}
