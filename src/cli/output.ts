/** The CLI's answer goes to stdout, one line per call; diagnostics go to stderr. */
export function printLine(text = ''): void {
  process.stdout.write(`${text}\n`);
}

export function printTable(rows: Record<string, string>[]): void {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] ?? {});
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  printLine(line(columns));
  for (const row of rows) printLine(line(columns.map((c) => row[c] ?? '')));
}
