/** The settings of the reports part of the hub (HubSettings.reports), built from config at wiring. */
import type { OnDemandReserve } from './analytics-endpoints.js';

export type ReportSchedule = 'account-monthly' | 'evaluator-weekly' | 'participant-monthly';

export const allReportSchedules: readonly ReportSchedule[] = ['account-monthly', 'evaluator-weekly', 'participant-monthly'];

/** A Google service account's JSON key (the members used). */
export interface ServiceAccountCredentials {
  client_email: string;
  private_key: string;
  /** Where the JWT grant goes; Google's own when absent. */
  token_uri?: string;
}

export interface SheetsExportSettings {
  kind: 'sheets';
  spreadsheetId: string;
  credentials: ServiceAccountCredentials;
  /** The Sheets API's root, `https://sheets.googleapis.com/` unless testing. */
  rootUrl: string;
  /** Largest body of one values write (the API refuses 10 MB). */
  maxRequestBytes: number;
  timeoutMs: number;
  /** Retries of a request answered 429 or 5xx (or not answered). */
  retry: { maxRetries: number; baseDelayMs: number; maxDelayMs: number };
}

export interface CsvExportSettings {
  kind: 'csv';
  dir: string;
}

export type ReportExportSettings = SheetsExportSettings | CsvExportSettings;

export interface ReportsSettings {
  schedules: readonly ReportSchedule[];
  onDemandReserve: OnDemandReserve;
  export: ReportExportSettings;
}

export const defaultSheetsRetry: SheetsExportSettings['retry'] = { maxRetries: 5, baseDelayMs: 1_000, maxDelayMs: 60_000 };
