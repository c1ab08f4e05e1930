/**
 * The clock's report schedule: a daily planner tick that only enqueues, caught up when the clock
 * starts (a tick missed while it was down), and never enqueued twice for the same day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchedules, defaultScheduleSettings } from '../../../src/processes/clock/clock-schedules.js';
import { loadConfig } from '../../../src/config.js';
import { startClock } from '../../../src/processes/clock/start-clock.js';
import { createHarness, type Harness } from '../../support/harness.js';
import { createLogger } from '../../../src/logger.js';
import { closeInOrder } from '../../support/close-in-order.js';

let h: Harness;
beforeAll(() => {
  h = createHarness();
});
afterAll(() => closeInOrder(h));

const logger = createLogger({ level: 'silent' });

describe('report schedule', () => {
  it('plans daily in UTC by default, and not at all when reports are disabled', () => {
    const schedule = createSchedules(loadConfig({})).find((s) => s.name === 'hub.plan-reports');
    expect(schedule).toMatchObject({ cron: '30 0 * * *', timezone: 'UTC', catchUpOnStart: true });
    expect(createSchedules(loadConfig({ REPORTS_ENABLED: 'false' })).map((s) => s.name)).not.toContain('hub.plan-reports');
    expect(createSchedules(loadConfig({ REPORTS_SCHEDULES: 'participant-monthly', REPORTS_PLAN_CRON: '0 2 * * *' })).at(-1)).toMatchObject({
      name: 'hub.plan-reports',
      cron: '0 2 * * *',
    });
  });

  it('catches up on start: the planner is enqueued for today, once however many clocks start', async () => {
    const schedules = createSchedules(defaultScheduleSettings);
    const now = () => new Date('2026-11-03T09:14:00Z');
    const first = startClock({ jobs: h.jobs, logger, schedules, now });
    const second = startClock({ jobs: h.jobs, logger, schedules, now });
    await Promise.all([first.caughtUp, second.caughtUp]);
    await Promise.all([first.stop(), second.stop()]);

    const queue = h.jobs.queue('hub.plan-reports');
    const jobs = await queue.getJobs(['waiting', 'delayed', 'active', 'completed']);
    expect(jobs.map((j) => [j.id, j.data])).toEqual([['plan-reports-2026-11-03', { day: '2026-11-03' }]]);
    // The other schedules do not catch up (the sweeper's next minute comes soon enough).
    expect(await h.jobs.queue('service.sweep-processing').count()).toBe(0);
  });
});

describe('report configuration', () => {
  it('exports to CSV without Sheets settings, to Sheets with both, and names what is missing or wrong', () => {
    expect(loadConfig({}).reports).toMatchObject({
      schedules: ['account-monthly', 'evaluator-weekly', 'participant-monthly'],
      onDemandReserve: { analytics: 5, 'analytics-evaluator': 50, 'analytics-participant': 50 },
      export: { kind: 'csv', dir: new URL('../../../exports', import.meta.url).pathname /* the project's exports/, absolute */ },
    });
    const key = JSON.stringify({
      type: 'service_account',
      client_email: 'hub@example.iam.gserviceaccount.com',
      private_key: '-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----\n',
    });
    expect(loadConfig({ SHEETS_SPREADSHEET_ID: 'sheet-1', SHEETS_CREDENTIALS_JSON: key }).reports.export).toMatchObject({
      kind: 'sheets',
      spreadsheetId: 'sheet-1',
      credentials: { client_email: 'hub@example.iam.gserviceaccount.com' },
      rootUrl: 'https://sheets.googleapis.com/',
    });
    expect(() => loadConfig({ SHEETS_SPREADSHEET_ID: 'sheet-1' })).toThrow(
      'SHEETS_CREDENTIALS_JSON or SHEETS_CREDENTIALS_FILE: required with SHEETS_SPREADSHEET_ID',
    );
    expect(() => loadConfig({ SHEETS_CREDENTIALS_JSON: key })).toThrow('SHEETS_SPREADSHEET_ID: required with SHEETS_CREDENTIALS_JSON');
    expect(() => loadConfig({ SHEETS_SPREADSHEET_ID: 's', SHEETS_CREDENTIALS_JSON: '{"type":"service_account"}' })).toThrow(
      'SHEETS_CREDENTIALS_JSON: not a service account key (client_email, private_key)',
    );
    expect(() => loadConfig({ SHEETS_SPREADSHEET_ID: 's', SHEETS_CREDENTIALS_FILE: '/nonexistent/key.json' })).toThrow(
      'SHEETS_CREDENTIALS_FILE: cannot read /nonexistent/key.json',
    );
    expect(() => loadConfig({ REPORTS_SCHEDULES: 'weekly' })).toThrow('REPORTS_SCHEDULES');
    expect(() => loadConfig({ REPORTS_ON_DEMAND_RESERVE_ANALYTICS: '31' })).toThrow('REPORTS_ON_DEMAND_RESERVE_ANALYTICS');
  });
});
