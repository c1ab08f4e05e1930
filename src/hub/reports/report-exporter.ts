/**
 * Where reports go: CSV files in the exports folder. A re-export replaces a report's earlier
 * export of the same period rather than adding to it, and rewrites the summary whole.
 */
import { createCsvExporter } from './csv-exporter.js';
import type { ReportTable } from './report-tables.js';
import type { ReportExportSettings } from './reports-settings.js';

export interface ReportExporter {
  /** Writes the report's table (replacing one of the same name) and the summary; says where. */
  write(report: ReportTable, summary: ReportTable): Promise<string>;
}

export function createReportExporter(settings: ReportExportSettings): ReportExporter {
  if (settings.kind !== 'csv') throw new Error('Google Sheets export is not available yet');
  return createCsvExporter(settings);
}
