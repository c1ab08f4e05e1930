import cron, { type RunCoordinator } from 'node-cron';
import type { Logger } from 'pino';
import type { JobQueues } from '../../jobs/queues.js';
import type { Schedule, ScheduleSettings } from '../../jobs/schedules.js';
import type { AppConfig } from '../config.js';

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

/** The clock's settings from config. */
export const scheduleSettings = (config: AppConfig): ScheduleSettings => ({
  reconcileCron: config.hubWebhooks.reconcileCron,
  reports: { enabled: config.reports.enabled && config.reports.schedules.length > 0, planCron: config.reports.planCron },
  digestCron: config.slack.digestCron,
  digestTimezone: config.slack.digestTimezone,
});
