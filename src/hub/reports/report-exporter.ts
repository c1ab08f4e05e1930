/**
 * Where reports go: Google Sheets when a spreadsheet and credentials are configured, CSV files in
 * the exports folder otherwise (the embedded default). Both replace a report's earlier export of
 * the same period rather than adding to it, and rewrite the summary whole.
 */
import type { Logger } from 'pino';
import { createCsvExporter } from './csv-exporter.js';
import type { ReportTable } from './report-tables.js';
import type { ReportExportSettings } from './reports-settings.js';
import { createSheetsExporter } from './sheets-exporter.js';

export interface ReportExporter {
  /** Writes the report's table (replacing one of the same name) and the summary; says where. */
  write(report: ReportTable, summary: ReportTable): Promise<string>;
}

export function createReportExporter(settings: ReportExportSettings, logger: Logger): ReportExporter {
  return settings.kind === 'sheets' ? createSheetsExporter(settings, logger) : createCsvExporter(settings);
}
