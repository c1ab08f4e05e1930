/**
 * Scheduled analytics reports (REPORTS_*), and where reports go: Google Sheets (SHEETS_*) or CSV
 * files (EXPORTS_DIR, the embedded default).
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { commaList, cronExpression, flag, folderPath, httpUrl, wholeNumber } from '../../lib/config/env-types.js';

export const ReportSchedule = z.enum(['account-monthly', 'evaluator-weekly', 'participant-monthly']);
export type ReportSchedule = z.infer<typeof ReportSchedule>;
export const allReportSchedules: readonly ReportSchedule[] = ReportSchedule.options;

/** A Google service account's JSON key (the members the hub uses). */
export const ServiceAccountKey = z.looseObject({
  type: z.literal('service_account'),
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  private_key_id: z.string().optional(),
  /** Where the JWT grant goes; Google's own when absent. */
  token_uri: z.url().optional(),
});
export type ServiceAccountKey = z.infer<typeof ServiceAccountKey>;

export const ReportsSettings = z
  .object({
    /** Whether the clock plans scheduled reports. */
    REPORTS_ENABLED: flag().default(true),
    /** Which scheduled reports to make, comma-separated. */
    REPORTS_SCHEDULES: commaList()
      .pipe(z.array(ReportSchedule))
      .default([...allReportSchedules]),
    /** When the clock runs the planner (node-cron, UTC). */
    REPORTS_PLAN_CRON: cronExpression().default('30 0 * * *'),
    /** Calls of each monthly quota (30 / 500 / 500) kept back for on-demand pulls: scheduled reports never use them. */
    REPORTS_ON_DEMAND_RESERVE_ANALYTICS: wholeNumber({ min: 0, max: 30 }).default(5),
    REPORTS_ON_DEMAND_RESERVE_ANALYTICS_EVALUATOR: wholeNumber({ min: 0, max: 500 }).default(50),
    REPORTS_ON_DEMAND_RESERVE_ANALYTICS_PARTICIPANT: wholeNumber({ min: 0, max: 500 }).default(50),
    /** Google Sheets export: the spreadsheet, and a service account's JSON key (its content, or a file holding it). */
    SHEETS_SPREADSHEET_ID: z.string().trim().min(1).optional(),
    SHEETS_CREDENTIALS_JSON: z.string().trim().min(1).optional(),
    SHEETS_CREDENTIALS_FILE: z.string().trim().min(1).optional(),
    /** The Sheets API's root (tests point it at a fake). */
    SHEETS_ROOT_URL: httpUrl().default('https://sheets.googleapis.com/'),
    /** Largest body of one values write; the API refuses 10 MB. */
    SHEETS_MAX_REQUEST_BYTES: wholeNumber({ min: 100_000, max: 10_000_000 }).default(8_000_000),
    /** Time-out of one Sheets request, in milliseconds. */
    SHEETS_TIMEOUT_MS: wholeNumber({ min: 1 }).default(60_000),
    /** Where reports are written as CSV when no Sheets settings are given; relative to the project root. */
    EXPORTS_DIR: folderPath('exports'),
  })
  .transform((env, ctx) => ({
    /** The scheduled reports to plan; none when REPORTS_ENABLED is false. */
    schedules: env.REPORTS_ENABLED ? env.REPORTS_SCHEDULES : [],
    planCron: env.REPORTS_PLAN_CRON,
    /** Calls per analytics operation and month kept for on-demand pulls. */
    onDemandReserve: {
      analytics: env.REPORTS_ON_DEMAND_RESERVE_ANALYTICS,
      'analytics-evaluator': env.REPORTS_ON_DEMAND_RESERVE_ANALYTICS_EVALUATOR,
      'analytics-participant': env.REPORTS_ON_DEMAND_RESERVE_ANALYTICS_PARTICIPANT,
    },
    export: exportSettings(env, (variable, message) => ctx.addIssue({ code: 'custom', path: [variable], message })),
  }));
export type ReportsSettings = z.infer<typeof ReportsSettings>;
export type ReportExportSettings = ReportsSettings['export'];
export type SheetsExportSettings = Extract<ReportExportSettings, { kind: 'sheets' }>;
export type CsvExportSettings = Extract<ReportExportSettings, { kind: 'csv' }>;
export type OnDemandReserve = ReportsSettings['onDemandReserve'];

export const defaultReportsSettings: ReportsSettings = ReportsSettings.parse({});

type ExportEnv = {
  SHEETS_SPREADSHEET_ID?: string | undefined;
  SHEETS_CREDENTIALS_JSON?: string | undefined;
  SHEETS_CREDENTIALS_FILE?: string | undefined;
  SHEETS_ROOT_URL: string;
  SHEETS_MAX_REQUEST_BYTES: number;
  SHEETS_TIMEOUT_MS: number;
  EXPORTS_DIR: string;
};

/** Sheets when a spreadsheet and credentials are set; CSV files otherwise. Never echoes the key. */
function exportSettings(env: ExportEnv, fail: (variable: string, message: string) => void) {
  const csv = { kind: 'csv' as const, dir: env.EXPORTS_DIR };
  if (env.SHEETS_CREDENTIALS_JSON && env.SHEETS_CREDENTIALS_FILE) {
    fail('SHEETS_CREDENTIALS_JSON', 'set SHEETS_CREDENTIALS_JSON or SHEETS_CREDENTIALS_FILE, not both');
    return csv;
  }
  const variable = env.SHEETS_CREDENTIALS_JSON ? 'SHEETS_CREDENTIALS_JSON' : 'SHEETS_CREDENTIALS_FILE';
  const hasCredentials = Boolean(env.SHEETS_CREDENTIALS_JSON ?? env.SHEETS_CREDENTIALS_FILE);
  if (!env.SHEETS_SPREADSHEET_ID && !hasCredentials) return csv;
  if (!env.SHEETS_SPREADSHEET_ID) {
    fail('SHEETS_SPREADSHEET_ID', `required with ${variable}`);
    return csv;
  }
  if (!hasCredentials) {
    fail('SHEETS_CREDENTIALS_JSON', 'SHEETS_CREDENTIALS_JSON or SHEETS_CREDENTIALS_FILE: required with SHEETS_SPREADSHEET_ID');
    return csv;
  }
  let text: string;
  try {
    text = env.SHEETS_CREDENTIALS_JSON ?? readFileSync(env.SHEETS_CREDENTIALS_FILE as string, 'utf8');
  } catch (error) {
    fail('SHEETS_CREDENTIALS_FILE', `cannot read ${env.SHEETS_CREDENTIALS_FILE} (${(error as Error).message})`);
    return csv;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    fail(variable, 'not JSON');
    return csv;
  }
  const key = ServiceAccountKey.safeParse(json);
  if (!key.success) {
    fail(variable, `not a service account key (${key.error.issues.map((i) => i.path.join('.') || 'root').join(', ')})`);
    return csv;
  }
  return {
    kind: 'sheets' as const,
    spreadsheetId: env.SHEETS_SPREADSHEET_ID,
    credentials: key.data,
    rootUrl: env.SHEETS_ROOT_URL,
    maxRequestBytes: env.SHEETS_MAX_REQUEST_BYTES,
    timeoutMs: env.SHEETS_TIMEOUT_MS,
    /** Retries of a request answered 429 or 5xx (or not answered). */
    retry: { maxRetries: 5, baseDelayMs: 1_000, maxDelayMs: 60_000 },
  };
}
