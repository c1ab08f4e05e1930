/**
 * The clock process (Procfile `clock`), composed: its settings, its runtime and contexts, the
 * schedules of clock-schedules.ts (each tick only enqueues), and the orderly stop on a signal.
 */
import { loadConfig } from '../../config.js';
import { exitIfOrphanedWhileStarting, stopOnSignals } from '../../lifecycle.js';
import { logHalves } from '../halves.js';
import { createRuntime } from '../runtime.js';
import { startProcessClock } from './start-clock.js';

export function runClockProcess(): void {
  const runtime = createRuntime(loadConfig(), 'clock');
  logHalves(runtime.logger, runtime.config);
  exitIfOrphanedWhileStarting(runtime.logger);
  const clock = startProcessClock(runtime);
  stopOnSignals(runtime.logger, [clock.stop, runtime.close]);
}
