/** Procfile `clock`: schedules that only enqueue. */
import { createSchedules } from '../jobs/schedules.js';
import { loadConfig } from './config.js';
import { stopOnSignals } from './lifecycle.js';
import { startClock } from './processes/start-clock.js';
import { createRuntime } from './runtime.js';

const runtime = createRuntime(loadConfig(), 'clock');
const { hubWebhooks, slack } = runtime.config;
const schedules = createSchedules({ reconcileCron: hubWebhooks.reconcileCron, digestCron: slack.digestCron, digestTimezone: slack.digestTimezone });
const clock = startClock({ jobs: runtime.jobs, logger: runtime.logger, schedules });
stopOnSignals(runtime.logger, [clock.stop, runtime.close]);
