/**
 * Prints a scenario's counts on one line, `[scenario name] key=value …`, so a run of
 * `npm run test:reliability` shows what each scenario measured, pass or fail.
 */
export function reportScenario(name: string, counts: Record<string, number | string>): void {
  const fields = Object.entries(counts)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
  process.stdout.write(`[scenario ${name}] ${fields}\n`);
}
