/** Procfile `clock`: schedules that only enqueue. */
import { createSchedules } from '../jobs/schedules.js';
import { loadConfig } from './config.js';
import { stopOnSignals } from './lifecycle.js';
import { redisRunCoordinator } from './processes/redis-run-coordinator.js';
import { scheduleSettings, startClock } from './processes/start-clock.js';
import { createRuntime } from './runtime.js';

const runtime = createRuntime(loadConfig(), 'clock');
const clock = startClock({
  jobs: runtime.jobs,
  logger: runtime.logger,
  schedules: createSchedules(scheduleSettings(runtime.config)),
  coordinator: redisRunCoordinator(runtime.redis),
});
stopOnSignals(runtime.logger, [clock.stop, runtime.close]);
