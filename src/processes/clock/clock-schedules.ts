/**
 * The clock's schedules. Each tick only enqueues, with a job id bucketed by the tick's time, so
 * two clocks (or a clock restarted within the period) enqueue a tick once; the clock's Redis lock
 * (redis-run-coordinator.ts) keeps a second clock from even trying.
 */
import { defaultSlackSettings, type SlackSettings } from '../../hub/alerts/slack-settings.js';
import { MirrorSettings } from '../../hub/mirror/mirror-settings.js';
import { defaultReportsSettings, type ReportsSettings } from '../../hub/reports/reports-settings.js';
import type { JobQueues } from '../../queues/job-queues.js';

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

/** The settings the schedules read: when to reconcile, plan reports, and post the digest. */
export interface ScheduleSettings {
  mirror: Pick<MirrorSettings, 'reconcileCron'>;
  /** No schedules: the planner is not scheduled. */
  reports: Pick<ReportsSettings, 'schedules' | 'planCron'>;
  slack: Pick<SlackSettings, 'digestCron' | 'digestTimezone'>;
  /** Whether the built-in service runs here (config.ts `halves`); without it, its schedules are left out. Default: it runs. */
  halves?: { builtInService: boolean };
}

export const defaultScheduleSettings: ScheduleSettings = {
  mirror: MirrorSettings.parse({}),
  reports: defaultReportsSettings,
  slack: defaultSlackSettings,
};

/** The tick's scheduled time to the second, e.g. 20261121061200: the bucket of its job id. */
const tickId = (d: Date) => d.toISOString().slice(0, 19).replace(/\D/g, '');
const dayId = (d: Date) => d.toISOString().slice(0, 10);

/** The tick's wall-clock minute in a time zone, `2026-11-23-0900` (the digest's bucket). */
export function localMinuteId(d: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}-${parts.hour}${parts.minute}`;
}

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
      cron: settings.mirror.reconcileCron,
      timezone: 'UTC',
      enqueue: (jobs, tick) => jobs.enqueue('hub.reconcile', { tick: tickId(tick) }, { jobId: `reconcile-${tickId(tick)}` }),
    },
    {
      // On the clock, not queued by reconciliation: it calls no upstream, so it runs while the
      // upstream is down and reconciliation fails, and its rows are those the list no longer
      // holds (docs/redaction.md, "The hub"). Hourly: a row found behind is one an upgrade left.
      name: 'hub.remask-mirror',
      cron: '41 * * * *',
      timezone: 'UTC',
      enqueue: (jobs, tick) => jobs.enqueue('hub.remask-mirror', { tick: tickId(tick) }, { jobId: `remask-${tickId(tick)}` }),
    },
    {
      name: 'hub.sweep-alerts',
      cron: '* * * * *',
      timezone: 'UTC',
      enqueue: (jobs, tick) => jobs.enqueue('hub.sweep-alerts', { minute: tickId(tick) }, { jobId: `alert-sweep-${tickId(tick)}` }),
    },
    {
      name: 'hub.close-due-calibrations',
      cron: '* * * * *',
      timezone: 'UTC',
      enqueue: (jobs, tick) =>
        jobs.enqueue('hub.close-due-calibrations', { minute: tickId(tick) }, { jobId: `calibration-close-${tickId(tick)}` }),
    },
    {
      name: 'hub.send-digest',
      cron: settings.slack.digestCron,
      timezone: settings.slack.digestTimezone,
      enqueue: (jobs, tick) => {
        const bucket = localMinuteId(tick, settings.slack.digestTimezone);
        return jobs.enqueue('hub.send-digest', { tick: bucket }, { jobId: `digest-${bucket}` });
      },
    },
  ];
  if (settings.reports.schedules.length > 0) {
    schedules.push({
      name: 'hub.plan-reports',
      cron: settings.reports.planCron,
      timezone: 'UTC',
      catchUpOnStart: true,
      enqueue: (jobs, tick) => jobs.enqueue('hub.plan-reports', { day: dayId(tick) }, { jobId: `plan-reports-${dayId(tick)}` }),
    });
  }
  // Hub-only (README "Run the hub against the vendor's API"): the service's sweep and retention
  // would look after rows no one makes here, so they are not scheduled at all.
  return settings.halves?.builtInService === false ? schedules.filter((s) => !s.name.startsWith('service.')) : schedules;
}
