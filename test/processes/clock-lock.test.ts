import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/webhook-receiver.js';
import { startEntry, type ChildService } from '../support/processes.js';

const clocks: ChildService[] = [];
afterAll(async () => {
  await Promise.all(clocks.map((c) => c.stop('SIGKILL')));
});

/** The ticks a clock's log says it enqueued, for one schedule. */
function enqueuedTicks(output: string, schedule: string): string[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg?: string; schedule?: string; tick?: string })
    .filter((entry) => entry.msg === 'tick enqueued' && entry.schedule === schedule)
    .map((entry) => entry.tick as string);
}

describe('two clock processes', () => {
  it('enqueue each tick once between them (Redis lock per tick)', async () => {
    const env = {
      QUEUE_PREFIX: `test-clock-${randomUUID().slice(0, 8)}`,
      // Reconciliation every 2 seconds (node-cron's six-field form), so a few ticks pass quickly.
      HUB_RECONCILE_CRON: '*/2 * * * * *',
      LOG_LEVEL: 'info',
    };
    clocks.push(startEntry('src/clock.ts', env), startEntry('src/clock.ts', env));
    // Starting a process takes seconds on a loaded machine: count ticks from when both run.
    await eventually(async () => clocks.every((c) => c.output().includes('"clock started"')), 30_000);
    await new Promise((r) => setTimeout(r, 7_000));
    const [a, b] = clocks.map((c) => enqueuedTicks(c.output(), 'hub.reconcile'));
    const all = [...a, ...b];
    expect(all.length).toBeGreaterThanOrEqual(3);
    // Every tick enqueued by exactly one of the two.
    expect(new Set(all).size).toBe(all.length);
    // Consecutive ticks two seconds apart: none was skipped by both.
    const sorted = [...new Set(all)].sort();
    for (let i = 1; i < sorted.length; i += 1) {
      expect(Date.parse(sorted[i]) - Date.parse(sorted[i - 1])).toBe(2_000);
    }
    expect(await Promise.all(clocks.map((c) => c.stop('SIGTERM')))).toEqual([0, 0]);
  }, 60_000);
});
