import type { Job } from 'bullmq';
import type { JobName, JobPayload } from './catalog.js';

/** A job's handler: a few lines that call a service. `token` is the worker's lock token. */
export type JobHandler<N extends JobName> = (payload: JobPayload<N>, job: Job, token: string | undefined) => Promise<void>;

/** One handler per job of the catalog: a job without a handler does not compile. */
export type JobHandlers = { [N in JobName]: JobHandler<N> };

/** The handlers of one domain's jobs (`service.*`, `hub.*`). */
export type JobHandlersFor<Domain extends string> = { [N in Extract<JobName, `${Domain}.${string}`>]: JobHandler<N> };

/** Whether this run is the job's last allowed attempt. */
export const isLastAttempt = (job: Job) => job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
