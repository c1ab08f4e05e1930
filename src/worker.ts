/** Procfile `worker`: the BullMQ workers of every job, composed in src/processes/worker/ with the handlers of jobs/. */
import './processes/require-supported-node.js';
import { createJobHandlers } from '../jobs/job-handlers.js';
import { runWorkerProcess } from './processes/worker/worker-process.js';

await runWorkerProcess(createJobHandlers);
