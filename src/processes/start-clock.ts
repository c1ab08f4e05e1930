import cron from 'node-cron';
import type { Logger } from 'pino';
import type { JobQueues } from '../../jobs/queues.js';
import type { Schedule } from '../../jobs/schedules.js';

/** Runs the schedules with node-cron; each tick only enqueues (jobs/schedules.ts). */
export function startClock(options: { jobs: JobQueues; logger: Logger; schedules: Schedule[]; now?: () => Date }): { stop: () => Promise<void> } {
  const now = options.now ?? (() => new Date());
  const tasks = options.schedules.map((schedule) =>
    cron.schedule(
      schedule.cron,
      () => {
        schedule.enqueue(options.jobs, now()).catch((error: unknown) => {
          options.logger.error({ err: error, schedule: schedule.name }, 'clock could not enqueue');
        });
      },
      { timezone: schedule.timezone, name: schedule.name },
    ),
  );
  options.logger.info({ schedules: options.schedules.map((s) => `${s.name}: ${s.cron} ${s.timezone}`) }, 'clock started');
  return {
    stop: async () => {
      for (const task of tasks) await task.stop();
    },
  };
}
