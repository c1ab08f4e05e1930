/** Google Sheets when a spreadsheet and credentials are configured, CSV files in the exports folder otherwise (the embedded default). */
import type { Logger } from 'pino';
import type { ReportExportSettings } from '../reports-settings.js';
import { createCsvExporter } from './csv-exporter.js';
import type { ReportExporter } from './report-exporter.js';
import { createSheetsExporter } from './sheets-exporter.js';

export function createReportExporter(settings: ReportExportSettings, logger: Logger): ReportExporter {
  return settings.kind === 'sheets' ? createSheetsExporter(settings, logger) : createCsvExporter(settings);
}
