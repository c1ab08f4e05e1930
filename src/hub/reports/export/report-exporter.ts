import type { ReportTable } from './report-tables.js';

/**
 * Where reports go (create-report-exporter.ts picks one): Google Sheets or CSV files. Both replace
 * a report's earlier export of the same period rather than adding to it, and rewrite the summary whole.
 */
export interface ReportExporter {
  /** Writes the report's table (replacing one of the same name) and the summary; says where. */
  write(report: ReportTable, summary: ReportTable): Promise<string>;
}
