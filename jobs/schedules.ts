/**
 * The clock's schedules. Each tick only enqueues, with a job id bucketed by the tick's time, so
 * two clocks (or a clock restarted within the period) enqueue a tick once; the clock's Redis lock
 * (redis-run-coordinator.ts) keeps a second clock from even trying.
 */
import type { JobQueues } from './queues.js';

export interface Schedule {
  name: string;
  /** node-cron expression. */
  cron: string;
  timezone: string;
  enqueue: (jobs: JobQueues, tick: Date) => Promise<void>;
  /**
   * Enqueue once when the clock starts too, so a tick missed while the clock was down is caught
   * up (the job id is bucketed by period, so a tick that did run is not enqueued twice).
   */
  catchUpOnStart?: boolean;
}

export interface ScheduleSettings {
  /** When the mirror is reconciled (HUB_RECONCILE_CRON). */
  reconcileCron: string;
  /** Scheduled analytics reports: whether to plan them, and when (daily). */
  reports: { enabled: boolean; planCron: string };
}

export const defaultScheduleSettings: ScheduleSettings = {
  reconcileCron: '*/5 * * * *',
  reports: { enabled: true, planCron: '30 0 * * *' },
};

/** The tick's scheduled time to the second, e.g. 20261121061200: the bucket of its job id. */
const tickId = (d: Date) => d.toISOString().slice(0, 19).replace(/\D/g, '');
const dayId = (d: Date) => d.toISOString().slice(0, 10);

export function createSchedules(settings: ScheduleSettings = defaultScheduleSettings): Schedule[] {
  const schedules: Schedule[] = [
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
  if (settings.reports.enabled) {
    schedules.push({
      name: 'hub.plan-reports',
      cron: settings.reports.planCron,
      timezone: 'UTC',
      catchUpOnStart: true,
      enqueue: (jobs, tick) => jobs.enqueue('hub.plan-reports', { day: dayId(tick) }, { jobId: `plan-reports-${dayId(tick)}` }),
    });
  }
  return schedules;
}
