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
  /**
   * Enqueue once when the clock starts too, so a tick missed while the clock was down is caught
   * up (the job id is bucketed by period, so a tick that did run is not enqueued twice).
   */
  catchUpOnStart?: boolean;
}

export interface ScheduleSettings {
  /** Scheduled analytics reports: whether to plan them, and when (daily). */
  reports: { enabled: boolean; planCron: string };
}

export const defaultScheduleSettings: ScheduleSettings = { reports: { enabled: true, planCron: '30 0 * * *' } };

const minuteId = (d: Date) => d.toISOString().slice(0, 16).replace(/\D/g, '');
const dayId = (d: Date) => d.toISOString().slice(0, 10);

export function createSchedules(settings: ScheduleSettings = defaultScheduleSettings): Schedule[] {
  const schedules: Schedule[] = [
    {
      name: 'service.sweep-processing',
      cron: '* * * * *',
      timezone: 'UTC',
      enqueue: (jobs, tick) => jobs.enqueue('service.sweep-processing', { minute: minuteId(tick) }, { jobId: `sweep-${minuteId(tick)}` }),
    },
    {
      name: 'service.purge-expired-transcriptions',
      cron: '17 3 * * *',
      timezone: 'UTC',
      enqueue: (jobs, tick) =>
        jobs.enqueue('service.purge-expired-transcriptions', { day: dayId(tick) }, { jobId: `retention-${dayId(tick)}` }),
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
