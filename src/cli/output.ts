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

/** A listing: its table, or `empty` (e.g. `no accounts`) when there is nothing to list. */
export function printListing(rows: Record<string, string>[], empty: string): void {
  if (rows.length === 0) printLine(empty);
  printTable(rows);
}

/** A secret the CLI shows this once (a key, a password): what it is, then the secret alone on the last line. */
export function printSecretOnce(what: string, secret: string): void {
  printLine(`${what} (shown once, store it now):`);
  printLine(secret);
}
