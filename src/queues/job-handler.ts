import type { Job } from 'bullmq';
import type { JobName, JobPayload } from './job-catalog.js';

/** A job's handler: a few lines that call a service. `token` is the worker's lock token. */
export type JobHandler<N extends JobName> = (payload: JobPayload<N>, job: Job, token: string | undefined) => Promise<void>;

/** One handler per job of the catalog: a job without a handler does not compile. */
export type JobHandlers = { [N in JobName]: JobHandler<N> };

/** Whether this run is the job's last allowed attempt. */
export const isLastAttempt = (job: Job) => job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
