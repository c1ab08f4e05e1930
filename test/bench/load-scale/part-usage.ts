/**
 * CPU seconds and peak resident memory of the bench's processes, from /proc: user + system time
 * (`/proc/<pid>/stat`, clock ticks of 10 ms) and VmHWM (`/proc/<pid>/status`, the peak RSS the
 * kernel kept). Sampled every half second and once more just before a kill, so a process that was
 * SIGKILLed keeps what it had used; a part's incarnations (a killed one and its restart) add up.
 */
import { readFileSync } from 'node:fs';

export interface ProcessUsage {
  cpuSeconds: number;
  peakRssMb: number;
}

export function readUsage(pid: number): ProcessUsage | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return { cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100, peakRssMb: Number(hwm ?? 0) / 1024 };
  } catch {
    return undefined; // gone already
  }
}

export interface UsageSampler {
  /** Follows one more process of `part` (an incarnation). */
  watch(part: string, pid: number): void;
  /** Samples every process now (before a kill). */
  sampleNow(): void;
  /** Per part: CPU seconds summed over its incarnations, the largest peak RSS, incarnations. */
  totals(): Map<string, ProcessUsage & { incarnations: number }>;
  stop(): void;
}

export function startUsageSampler(intervalMs = 500): UsageSampler {
  const last = new Map<number, { part: string; usage: ProcessUsage }>();
  const sampleNow = () => {
    for (const [pid, entry] of last) {
      const usage = readUsage(pid);
      if (usage) entry.usage = usage;
    }
  };
  const timer = setInterval(sampleNow, intervalMs);
  return {
    watch: (part, pid) => last.set(pid, { part, usage: readUsage(pid) ?? { cpuSeconds: 0, peakRssMb: 0 } }),
    sampleNow,
    totals: () => {
      sampleNow();
      const totals = new Map<string, ProcessUsage & { incarnations: number }>();
      for (const { part, usage } of last.values()) {
        const sum = totals.get(part) ?? { cpuSeconds: 0, peakRssMb: 0, incarnations: 0 };
        totals.set(part, {
          cpuSeconds: sum.cpuSeconds + usage.cpuSeconds,
          peakRssMb: Math.max(sum.peakRssMb, usage.peakRssMb),
          incarnations: sum.incarnations + 1,
        });
      }
      return totals;
    },
    stop: () => clearInterval(timer),
  };
}
