import type { HubContext } from '../hub-context.js';
import type { MirrorHook } from './mirror-hook.js';
import { mirrorTranscription } from './mirror-transcription.js';
import { entryOfRejectedRow, quarantineItems } from './quarantine.js';
import { isMaskedBehind } from '../redaction/masked-behind.js';

export interface BackfillProgress {
  total: number;
  /** Already mirrored with the upstream's status and group: a previous run's work, not redone. */
  alreadyMirrored: number;
  /** List rows that broke the API description: quarantined, and fetched on their own when they name their transcription. */
  quarantined: number;
  done: number;
  failed: number;
}

/**
 * Mirrors a whole account: lists its transcriptions and fetches every one the hub does not have,
 * or has with another status or group. A run that stopped resumes where it stopped, because what
 * it mirrored is not fetched again. Fetches run a few at a time; the client paces them to the
 * upstream's get-transcription limit. It runs no mirror hooks unless given some (a year of history
 * must not post a year of alerts). The list is read row by row: a row that breaks the API
 * description is quarantined (docs/mirror.md, "Quarantine") and, when it names its transcription,
 * fetched on its own; the rest goes on.
 */
export async function backfillMirror(
  ctx: HubContext,
  options: { concurrency?: number; hooks?: readonly MirrorHook[]; onProgress?: (progress: BackfillProgress) => void } = {},
): Promise<BackfillProgress> {
  const client = await ctx.upstream();
  const list = await client.listTranscriptions({});
  const mirrored = await ctx.db.hubTranscription.findMany({
    where: { deletedAt: null },
    select: { id: true, status: true, group: true, redactionPolicies: true, redactionVersion: true },
  });
  const mine = new Map(mirrored.map((m) => [m.id, m]));
  await quarantineItems(
    ctx.db,
    list.rejected.map((row) => entryOfRejectedRow('list-transcriptions', row, ctx.settings.redaction)),
    ctx.now(),
  );
  const readable = list.transcriptions.filter((t) => {
    const m = mine.get(t.transcription_id.toLowerCase());
    return !m || m.status !== t.status || m.group !== t.group || isMaskedBehind(m, ctx.settings.redaction);
  });
  const alone = list.rejected.flatMap((row) => (row.id ? [row.id] : []));
  const todo = [...readable.map((t) => t.transcription_id), ...alone];
  const total = list.transcriptions.length + list.rejected.length;
  const progress: BackfillProgress = {
    total,
    alreadyMirrored: list.transcriptions.length - readable.length,
    quarantined: list.rejected.length,
    done: 0,
    failed: 0,
  };
  options.onProgress?.(progress);
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const id = todo[next++];
      if (!id) break;
      try {
        const outcome = await mirrorTranscription(ctx, id, options.hooks ?? []);
        if (outcome === 'quarantined') progress.failed += 1;
        else progress.done += 1;
      } catch (error) {
        progress.failed += 1;
        ctx.logger.warn({ err: error, transcriptionId: id }, 'backfill could not mirror a transcription; run again to retry it');
      }
      options.onProgress?.(progress);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  return progress;
}
