import type { HubRedactionSettings } from '../../redaction/hub-redaction-settings.js';
import { maskNamedValue } from '../../redaction/mask-text.js';
import type { ReportTable } from './report-tables.js';

/**
 * A table with the hub's redaction policies applied to each text cell, read after its column's
 * name (docs/redaction.md, "The hub"): an upstream's answer, or a reviewer's note, goes to Sheets
 * or a CSV file without passing through the mirror.
 */
export function maskReportTable(table: ReportTable, settings: HubRedactionSettings): ReportTable {
  if (settings.policies.length === 0) return table;
  return {
    ...table,
    rows: table.rows.map((row) =>
      row.map((cell, i) => (typeof cell === 'string' ? maskNamedValue(table.header[i] ?? '', cell, settings) : cell)),
    ),
  };
}
