import type { ReportTable } from './report-tables.js';

/**
 * Where reports go (create-report-exporter.ts picks one): Google Sheets or CSV files. Both replace
 * a report's earlier export of the same period rather than adding to it, and rewrite the summary whole.
 */
export interface ReportExporter {
  /**
   * Writes the report's table and its member tables (an answer without raw_data, answer-tables.ts),
   * each replacing one of the same name, and the summary; says where the report's table went.
   */
  write(report: ReportTable, summary: ReportTable, members?: readonly ReportTable[]): Promise<string>;
}
