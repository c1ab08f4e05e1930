/** Procfile `worker`: the BullMQ workers of every job. */
import { createJobHandlers } from '../jobs/job-handlers.js';
import { loadConfig } from './config.js';
import { stopOnSignals } from './lifecycle.js';
import { createRuntime } from './processes/runtime.js';
import { startRuntimeWorkers } from './processes/start-runtime-workers.js';

const runtime = createRuntime(loadConfig(), 'worker');
const workers = startRuntimeWorkers(runtime, createJobHandlers, 'convoqa-worker');
runtime.logger.info('worker started');
stopOnSignals(runtime.logger, [workers.close, runtime.close]);
