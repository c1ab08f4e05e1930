/**
 * CSV export: `<report>-<period>.csv` and `summary.csv` in the exports folder, each written to a
 * temporary file and renamed over the old one, so a reader never sees half a file and a re-run
 * replaces the file. csv-stringify quotes and escapes; cells that a spreadsheet would run as a
 * formula (=, +, -, @ first) are prefixed with a quote.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import type { ReportExporter } from './report-exporter.js';
import type { ReportTable } from './report-tables.js';
import type { CsvExportSettings } from '../reports-settings.js';

export function toCsv(table: ReportTable): string {
  return stringify([table.header, ...table.rows], {
    escape_formulas: true,
    cast: { boolean: (value) => (value ? 'true' : 'false') },
  });
}

/** Writes the file whole or not at all. */
export async function writeFileAtomically(file: string, content: string): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, content, { flush: true });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

export function createCsvExporter(settings: CsvExportSettings): ReportExporter {
  return {
    async write(report, summary, members = []) {
      await mkdir(settings.dir, { recursive: true });
      const file = path.join(settings.dir, `${report.name}.csv`);
      await writeFileAtomically(file, toCsv(report));
      for (const member of members) await writeFileAtomically(path.join(settings.dir, `${member.name}.csv`), toCsv(member));
      await writeFileAtomically(path.join(settings.dir, `${summary.name}.csv`), toCsv(summary));
      return file;
    },
  };
}
