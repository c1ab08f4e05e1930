import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Busy and total CPU ticks of the whole machine so far (/proc/stat's first line). */
function cpuTicks(): { busy: number; total: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/**
 * Waits until the machine's CPUs are mostly idle over a two-second window (what a bench just
 * seeded, autovacuum, a build, settling down), or until `maxSeconds` have passed. Returns the
 * busy share of the last window (0–1) and the seconds waited, for the bench to print: figures
 * are only comparable when measured on a quiet machine (docs/performance.md "How it is measured").
 */
export async function waitForQuiet(
  options: { busyBelow?: number; maxSeconds?: number } = {},
): Promise<{ busy: number; waitedSeconds: number }> {
  const busyBelow = options.busyBelow ?? 0.2;
  const maxSeconds = options.maxSeconds ?? 120;
  const started = Date.now();
  for (;;) {
    const before = cpuTicks();
    await sleep(2_000);
    const after = cpuTicks();
    const busy = (after.busy - before.busy) / Math.max(1, after.total - before.total);
    const waitedSeconds = (Date.now() - started) / 1000;
    if (busy < busyBelow || waitedSeconds >= maxSeconds) return { busy, waitedSeconds };
  }
}
