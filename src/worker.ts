/** Procfile `worker`: the BullMQ workers of every job. */
import { loadConfig } from './config.js';
import { stopOnSignals } from './lifecycle.js';
import { startRuntimeWorkers } from './processes/start-runtime-workers.js';
import { createRuntime } from './runtime.js';

const runtime = createRuntime(loadConfig(), 'worker');
const workers = startRuntimeWorkers(runtime, 'convoqa-worker');
runtime.logger.info('worker started');
stopOnSignals(runtime.logger, [workers.close, runtime.close]);
