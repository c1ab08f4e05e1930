import type { Job } from 'bullmq';

/** Why and when a failed job failed, as the admin API shows it (queues and sync). */
export function failedJobFacts(job: Job): { reason: string; attempts: number; failed_at: string | null } {
  return {
    reason: job.failedReason ?? '',
    attempts: job.attemptsMade,
    failed_at: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
  };
}
