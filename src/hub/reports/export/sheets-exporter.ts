/**
 * Google Sheets export into one spreadsheet: a tab per report and period, and a `summary` tab.
 * Three requests whatever the size (a fourth and more only past maxRequestBytes of values):
 * 1. spreadsheets.get: which tabs exist (ids and titles only);
 * 2. spreadsheets.batchUpdate: add the summary tab if missing (else clear its values and size its
 *    grid), delete the report's old tab if any, add it anew sized to its rows;
 * 3. spreadsheets.values.batchUpdate: every row of both tabs, RAW (a tag that starts with `=` stays
 *    text, never a formula).
 * A re-run therefore leaves one tab with the same rows, not two.
 */
import { randomInt } from 'node:crypto';
import type { Logger } from 'pino';
import type { sheets_v4 } from 'googleapis';
import type { ReportExporter } from './report-exporter.js';
import type { Cell, ReportTable } from './report-tables.js';
import type { SheetsExportSettings } from '../reports-settings.js';
import { createSheetsApi, type SheetsApi } from './sheets-api.js';

/** `'Tab name'!A1`: quoted, with quotes doubled. */
export const a1 = (title: string, row: number) => `'${title.replaceAll("'", "''")}'!A${row}`;

const toValue = (cell: Cell) => (cell === null ? '' : cell);

/** Splits rows into value ranges, each request under `maxBytes` of JSON (roughly: the rows' own size). */
export function chunkValueRanges(tables: readonly ReportTable[], maxBytes: number): sheets_v4.Schema$ValueRange[][] {
  const requests: sheets_v4.Schema$ValueRange[][] = [];
  let current: sheets_v4.Schema$ValueRange[] = [];
  let currentBytes = 0;
  const budget = maxBytes - 1_000; // the envelope: valueInputOption, ranges
  for (const table of tables) {
    const rows = [table.header, ...table.rows].map((row) => row.map(toValue));
    let range: sheets_v4.Schema$ValueRange | null = null;
    rows.forEach((row, index) => {
      const bytes = Buffer.byteLength(JSON.stringify(row)) + 1;
      if (currentBytes + bytes > budget && currentBytes > 0) {
        requests.push(current);
        current = [];
        currentBytes = 0;
        range = null;
      }
      if (!range) {
        range = { range: a1(table.name, index + 1), majorDimension: 'ROWS', values: [] };
        current.push(range);
        currentBytes += 100;
      }
      (range.values as unknown[][]).push(row);
      currentBytes += bytes;
    });
  }
  if (current.length) requests.push(current);
  return requests;
}

function freshSheetId(taken: Set<number>): number {
  for (;;) {
    const id = randomInt(1, 2 ** 31 - 1);
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}

const gridOf = (table: ReportTable) => ({ rowCount: table.rows.length + 1, columnCount: table.header.length, frozenRowCount: 1 });

export function createSheetsExporter(settings: SheetsExportSettings, logger: Logger): ReportExporter {
  let api: Promise<SheetsApi> | undefined;
  const log = logger.child({ component: 'sheets-exporter' });
  return {
    async write(report, summary, members = []) {
      api ??= createSheetsApi(settings, log).catch((error: unknown) => {
        api = undefined;
        throw error;
      });
      const { sheets, options } = await api;
      const spreadsheetId = settings.spreadsheetId;

      const { data: spreadsheet } = await sheets.spreadsheets.get({ spreadsheetId, fields: 'sheets.properties(sheetId,title)' }, options);
      const tabs = new Map<string, number>();
      for (const sheet of spreadsheet.sheets ?? []) {
        const { title, sheetId } = sheet.properties ?? {};
        if (typeof title === 'string' && typeof sheetId === 'number') tabs.set(title, sheetId);
      }
      const taken = new Set(tabs.values());

      // The summary first: the spreadsheet then never runs out of tabs when the old report tab goes.
      const requests: sheets_v4.Schema$Request[] = [];
      const summaryId = tabs.get(summary.name);
      if (summaryId === undefined) {
        requests.push({ addSheet: { properties: { sheetId: freshSheetId(taken), title: summary.name, gridProperties: gridOf(summary) } } });
      } else {
        requests.push(
          { updateCells: { range: { sheetId: summaryId }, fields: 'userEnteredValue' } },
          {
            updateSheetProperties: {
              properties: { sheetId: summaryId, gridProperties: gridOf(summary) },
              fields: 'gridProperties(rowCount,columnCount,frozenRowCount)',
            },
          },
        );
      }
      const oldReportId = tabs.get(report.name);
      for (const table of [report, ...members]) {
        const oldId = tabs.get(table.name);
        if (oldId !== undefined) requests.push({ deleteSheet: { sheetId: oldId } });
        requests.push({ addSheet: { properties: { sheetId: freshSheetId(taken), title: table.name, gridProperties: gridOf(table) } } });
      }
      await sheets.spreadsheets.batchUpdate({ spreadsheetId, requestBody: { requests } }, options);

      for (const data of chunkValueRanges([summary, report, ...members], settings.maxRequestBytes)) {
        await sheets.spreadsheets.values.batchUpdate({ spreadsheetId, requestBody: { valueInputOption: 'RAW', data } }, options);
      }
      log.info(
        { tab: report.name, rows: report.rows.length, memberTabs: members.length, replaced: oldReportId !== undefined },
        'report written to Google Sheets',
      );
      return report.name;
    },
  };
}
