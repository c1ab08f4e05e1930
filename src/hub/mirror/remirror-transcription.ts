import type { JobQueues } from '../../queues/job-queues.js';
import { enqueueMirror } from './enqueue-mirror.js';

/**
 * Mirrors one transcription again (admin API and console): queued; a failed or finished mirror job
 * of it is replaced, while a waiting, delayed or running one is kept (it fetches the latest state anyway).
 */
export async function remirrorTranscription(jobs: JobQueues, transcriptionId: string): Promise<{ jobId: string; replaced: boolean }> {
  const id = transcriptionId.toLowerCase();
  const jobId = `mirror-${id}`;
  const existing = await jobs.queue('hub.mirror-transcription').getJob(jobId);
  let replaced = false;
  if (existing) {
    const state = await existing.getState();
    if (state === 'failed' || state === 'completed') {
      await existing.remove();
      replaced = true;
    }
  }
  await enqueueMirror(jobs, id);
  return { jobId, replaced };
}
