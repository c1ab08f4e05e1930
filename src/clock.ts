/** Procfile `clock`: schedules that only enqueue. */
import { loadConfig } from './config.js';
import { stopOnSignals } from './lifecycle.js';
import { startClock } from './processes/start-clock.js';
import { createRuntime } from './runtime.js';

const runtime = createRuntime(loadConfig(), 'clock');
const clock = startClock({ jobs: runtime.jobs, logger: runtime.logger });
stopOnSignals(runtime.logger, [clock.stop, runtime.close]);
