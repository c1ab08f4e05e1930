/** Procfile `clock`: schedules that only enqueue. */
import './processes/require-supported-node.js';
import { loadConfig } from './config.js';
import { exitIfOrphanedWhileStarting, stopOnSignals } from './lifecycle.js';
import { logHalves } from './processes/halves.js';
import { createRuntime } from './processes/runtime.js';
import { startProcessClock } from './processes/start-clock.js';

const runtime = createRuntime(loadConfig(), 'clock');
logHalves(runtime.logger, runtime.config);
exitIfOrphanedWhileStarting(runtime.logger);
const clock = startProcessClock(runtime);
stopOnSignals(runtime.logger, [clock.stop, runtime.close]);
