/** Procfile `clock`: schedules that only enqueue. */
import { loadConfig } from './config.js';
import { stopOnSignals } from './lifecycle.js';
import { createRuntime } from './processes/runtime.js';
import { startProcessClock } from './processes/start-clock.js';

const runtime = createRuntime(loadConfig(), 'clock');
const clock = startProcessClock(runtime);
stopOnSignals(runtime.logger, [clock.stop, runtime.close]);
