import cron from 'node-cron';
import type { Logger } from 'pino';
import type { JobQueues } from '../../jobs/queues.js';

/**
 * The clock only enqueues. Each tick's job id is bucketed by its time (`sweep-202611210612`), so
 * two clocks, or a clock restarted within the minute, enqueue the tick's job once.
 */
export function startClock(options: { jobs: JobQueues; logger: Logger; now?: () => Date }): { stop: () => Promise<void> } {
  const now = options.now ?? (() => new Date());
  const minuteId = (d: Date) => d.toISOString().slice(0, 16).replace(/\D/g, '');
  const enqueue = (what: string, work: () => Promise<void>) => {
    work().catch((error: unknown) => options.logger.error({ err: error, tick: what }, 'clock could not enqueue'));
  };
  const tasks = [
    cron.schedule('* * * * *', () => {
      const minute = minuteId(now());
      enqueue('sweep', () => options.jobs.enqueue('service.sweep-processing', { minute }, { jobId: `sweep-${minute}` }));
    }, { timezone: 'UTC', name: 'sweep-processing' }),
    cron.schedule('17 3 * * *', () => {
      const day = now().toISOString().slice(0, 10);
      enqueue('retention', () => options.jobs.enqueue('service.purge-expired-transcriptions', { day }, { jobId: `retention-${day}` }));
    }, { timezone: 'UTC', name: 'purge-expired-transcriptions' }),
  ];
  options.logger.info({ schedules: ['sweep-processing: every minute', 'purge-expired-transcriptions: daily 03:17 UTC'] }, 'clock started');
  return {
    stop: async () => {
      for (const task of tasks) await task.stop();
    },
  };
}
