import type { HubContext } from '../hub-context.js';
import type { MirrorHook } from './mirror-hook.js';
import { writeMirror } from './mirror-transcription.js';

export interface BackfillProgress {
  total: number;
  /** Already mirrored with the upstream's status and group: a previous run's work, not redone. */
  alreadyMirrored: number;
  done: number;
  failed: number;
}

/**
 * Mirrors a whole account: lists its transcriptions and fetches every one the hub does not have,
 * or has with another status or group. A run that stopped resumes where it stopped, because what
 * it mirrored is not fetched again. Fetches run a few at a time; the client paces them to the
 * upstream's get-transcription limit. It runs no mirror hooks unless given some (a year of history
 * must not post a year of alerts).
 */
export async function backfillMirror(
  ctx: HubContext,
  options: { concurrency?: number; hooks?: readonly MirrorHook[]; onProgress?: (progress: BackfillProgress) => void } = {},
): Promise<BackfillProgress> {
  const client = await ctx.upstream();
  const list = await client.listTranscriptions({});
  const mirrored = await ctx.db.hubTranscription.findMany({ where: { deletedAt: null }, select: { id: true, status: true, group: true } });
  const mine = new Map(mirrored.map((m) => [m.id, m]));
  const todo = list.transcriptions.filter((t) => {
    const m = mine.get(t.transcription_id.toLowerCase());
    return !m || m.status !== t.status || m.group !== t.group;
  });
  const progress: BackfillProgress = { total: list.transcriptions.length, alreadyMirrored: list.transcriptions.length - todo.length, done: 0, failed: 0 };
  options.onProgress?.(progress);
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const item = todo[next++];
      if (!item) break;
      try {
        await writeMirror(ctx, await client.getTranscription({ transcription_id: item.transcription_id }), options.hooks ?? []);
        progress.done += 1;
      } catch (error) {
        progress.failed += 1;
        ctx.logger.warn({ err: error, transcriptionId: item.transcription_id }, 'backfill could not mirror a transcription; run again to retry it');
      }
      options.onProgress?.(progress);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  return progress;
}
