import { isUpstreamError } from '../client/index.js';
import type { HubContext } from '../hub-context.js';
import { changeGroup } from '../mirror/change-group.js';
import { recordAudit, type Actor } from './audit-trail.js';

export const movableGroups = ['UNDER_REVIEW', 'ARCHIVED', 'PENDING_REVIEW'] as const;
export type MovableGroup = (typeof movableGroups)[number];

export interface MoveOutcome {
  moved: string[];
  failed: { id: string; message: string }[];
}

/**
 * Moves calls to a review group one by one, each upstream first then in the mirror (changeGroup),
 * and audits each move. A failure (the upstream refuses, is down, the call was deleted) is
 * reported for that call and the others still move.
 */
export async function moveGroups(ctx: HubContext, ids: readonly string[], group: MovableGroup, actor: Actor): Promise<MoveOutcome> {
  const outcome: MoveOutcome = { moved: [], failed: [] };
  for (const id of ids) {
    const before = await ctx.db.hubTranscription.findUnique({ where: { id }, select: { group: true } });
    try {
      await changeGroup(ctx, id, group);
    } catch (error) {
      const message = isUpstreamError(error, 'not_found') ? 'not found upstream' : error instanceof Error ? error.message : String(error);
      ctx.logger.warn({ err: error, transcriptionId: id, group }, 'console group move failed');
      outcome.failed.push({ id, message });
      continue;
    }
    await ctx.db.$transaction((tx) =>
      recordAudit(tx, { kind: 'group_move', actor, transcriptionId: id, before: { group: before?.group ?? null }, after: { group } }),
    );
    outcome.moved.push(id);
  }
  return outcome;
}
