/**
 * The clock's schedules. Each tick only enqueues, with a job id bucketed by the tick's time, so
 * two clocks (or a clock restarted within the period) enqueue a tick once.
 */
import type { JobQueues } from './queues.js';

export interface Schedule {
  name: string;
  /** node-cron expression. */
  cron: string;
  timezone: string;
  enqueue: (jobs: JobQueues, tick: Date) => Promise<void>;
}

/** The tick's scheduled time to the second, e.g. 20261121061200: the bucket of its job id. */
const tickId = (d: Date) => d.toISOString().slice(0, 19).replace(/\D/g, '');
const dayId = (d: Date) => d.toISOString().slice(0, 10);

export function createSchedules(settings: { reconcileCron: string }): Schedule[] {
  return [
    {
      name: 'service.sweep-processing',
      cron: '* * * * *',
      timezone: 'UTC',
      enqueue: (jobs, tick) => jobs.enqueue('service.sweep-processing', { minute: tickId(tick) }, { jobId: `sweep-${tickId(tick)}` }),
    },
    {
      name: 'service.purge-expired-transcriptions',
      cron: '17 3 * * *',
      timezone: 'UTC',
      enqueue: (jobs, tick) =>
        jobs.enqueue('service.purge-expired-transcriptions', { day: dayId(tick) }, { jobId: `retention-${dayId(tick)}` }),
    },
    {
      name: 'hub.reconcile',
      cron: settings.reconcileCron,
      timezone: 'UTC',
      enqueue: (jobs, tick) => jobs.enqueue('hub.reconcile', { tick: tickId(tick) }, { jobId: `reconcile-${tickId(tick)}` }),
    },
  ];
}
