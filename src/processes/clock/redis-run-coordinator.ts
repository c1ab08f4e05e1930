import type { RunCoordinator } from 'node-cron';
import type { Redis } from '../../redis.js';

/**
 * node-cron's hook for distributed schedules: each tick of each task asks `shouldRun(key)`, the
 * key naming the task and the tick's time. The first clock to SET the key in Redis wins the tick;
 * the others skip it. With the time-bucketed job ids on top, two clocks enqueue each tick once.
 */
export function redisRunCoordinator(redis: Redis, prefix = 'convoqa:clock:'): RunCoordinator {
  return {
    async shouldRun(key, ttlMs) {
      return (await redis.set(`${prefix}${key}`, String(process.pid), 'PX', Math.max(ttlMs, 60_000), 'NX')) === 'OK';
    },
  };
}
