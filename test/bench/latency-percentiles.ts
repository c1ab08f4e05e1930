/** Nearest-rank percentiles of latency samples, in the benches' printed form. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1] ?? Number.NaN;
}

export const median = (values: number[]) => percentile(values, 50);

/** `p50 1.2 ms  p95 3.4 ms  p99 5.6 ms` */
export const p50p95p99 = (values: number[]) => [50, 95, 99].map((p) => `p${p} ${percentile(values, p).toFixed(1)} ms`.padEnd(15)).join(' ');
