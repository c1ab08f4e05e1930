import cron, { type RunCoordinator } from 'node-cron';
import type { Logger } from 'pino';
import { createSchedules, type Schedule } from './clock-schedules.js';
import type { JobQueues } from '../../queues/job-queues.js';
import { redisRunCoordinator } from './redis-run-coordinator.js';
import type { Runtime } from '../runtime.js';

/**
 * Runs the schedules with node-cron; each tick only enqueues (jobs/schedules.ts). With a run
 * coordinator (the Redis lock of redis-run-coordinator.ts), one clock among several fires a tick.
 * Schedules that catch up are enqueued once at start as well; `caughtUp` settles when that is done.
 */
export function startClock(options: {
  jobs: JobQueues;
  logger: Logger;
  schedules: Schedule[];
  coordinator?: RunCoordinator;
  now?: () => Date;
}): { stop: () => Promise<void>; caughtUp: Promise<void> } {
  const now = options.now ?? (() => new Date());
  const tasks = options.schedules.map((schedule) =>
    cron.schedule(
      schedule.cron,
      (context) => {
        // The tick is the slot node-cron fired for, not the moment the callback ran, so every clock
        // names a tick alike.
        const tick = context.date;
        schedule
          .enqueue(options.jobs, tick)
          .then(() => options.logger.info({ schedule: schedule.name, tick: tick.toISOString() }, 'tick enqueued'))
          .catch((error: unknown) => options.logger.error({ err: error, schedule: schedule.name }, 'clock could not enqueue'));
      },
      {
        timezone: schedule.timezone,
        name: schedule.name,
        ...(options.coordinator ? { distributed: true, runCoordinator: options.coordinator, distributedLease: 10 * 60_000 } : {}),
      },
    ),
  );
  options.logger.info({ schedules: options.schedules.map((s) => `${s.name}: ${s.cron} ${s.timezone}`) }, 'clock started');
  const caughtUp = Promise.all(
    options.schedules
      .filter((schedule) => schedule.catchUpOnStart)
      .map((schedule) =>
        schedule.enqueue(options.jobs, now()).catch((error: unknown) => {
          options.logger.error({ err: error, schedule: schedule.name }, 'clock could not catch up');
        }),
      ),
  ).then(() => undefined);
  return {
    caughtUp,
    stop: async () => {
      for (const task of tasks) await task.stop();
    },
  };
}

/** The clock of a process (Procfile `clock`, or `npm start`): its configured schedules, one clock per tick across processes. */
export function startProcessClock(runtime: Runtime): { stop: () => Promise<void>; caughtUp: Promise<void> } {
  return startClock({
    jobs: runtime.jobs,
    logger: runtime.logger,
    schedules: createSchedules(runtime.config),
    coordinator: redisRunCoordinator(runtime.redis),
  });
}
