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

const minuteId = (d: Date) => d.toISOString().slice(0, 16).replace(/\D/g, '');
const dayId = (d: Date) => d.toISOString().slice(0, 10);

/** The tick's wall-clock minute in a time zone, `2026-11-23-0900` (the digest's bucket). */
export function localMinuteId(d: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}-${parts.hour}${parts.minute}`;
}

export interface ScheduleSettings {
  reconcileCron: string;
  /** The pending-review digest: node-cron expression and IANA time zone (SLACK_DIGEST_*). */
  digestCron: string;
  digestTimezone: string;
}

export function createSchedules(settings: ScheduleSettings): Schedule[] {
  return [
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
    {
      name: 'hub.reconcile',
      cron: settings.reconcileCron,
      timezone: 'UTC',
      enqueue: (jobs, tick) => jobs.enqueue('hub.reconcile', { tick: minuteId(tick) }, { jobId: `reconcile-${minuteId(tick)}` }),
    },
    {
      name: 'hub.sweep-alerts',
      cron: '* * * * *',
      timezone: 'UTC',
      enqueue: (jobs, tick) => jobs.enqueue('hub.sweep-alerts', { minute: minuteId(tick) }, { jobId: `alert-sweep-${minuteId(tick)}` }),
    },
    {
      name: 'hub.send-digest',
      cron: settings.digestCron,
      timezone: settings.digestTimezone,
      enqueue: (jobs, tick) => {
        const bucket = localMinuteId(tick, settings.digestTimezone);
        return jobs.enqueue('hub.send-digest', { tick: bucket }, { jobId: `digest-${bucket}` });
      },
    },
  ];
}
