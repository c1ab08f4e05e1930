import type { JobQueues } from '../../queues/job-queues.js';

/**
 * One mirror job per transcription at a time: the job id is the transcription's, so any number of
 * webhooks naming it while the job waits add nothing. Completed jobs are removed at once (see the
 * catalog), so a later webhook queues a fresh mirror; one arriving while the job runs is caught
 * by the job itself, which mirrors again when a receipt came in after it started.
 */
export function enqueueMirror(jobs: JobQueues, transcriptionId: string): Promise<void> {
  return jobs.enqueue('hub.mirror-transcription', { transcriptionId }, { jobId: `mirror-${transcriptionId}` });
}
