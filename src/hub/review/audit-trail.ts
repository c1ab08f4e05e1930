import type { Prisma } from '../../generated/prisma/client.js';

/** Who acted: a console user, or an operator through the CLI or the admin API. */
export type Actor = { kind: 'user'; id: string; email: string } | { kind: 'cli' } | { kind: 'admin-api' } | { kind: 'clock' };

export type AuditKind =
  | 'group_move'
  | 'override'
  | 'override_cleared'
  | 'note'
  | 'user_created'
  | 'user_deactivated'
  | 'dispute_opened'
  | 'dispute_resolved'
  | 'coaching_note'
  | 'coaching_acknowledged'
  | 'calibration_created'
  | 'calibration_submitted'
  | 'calibration_revealed'
  | 'calibration_benchmark';

export const actorLabel = (actor: Actor) => (actor.kind === 'user' ? actor.email : actor.kind);

/** Appends one event to the audit trail (inside the caller's transaction). */
export async function recordAudit(
  tx: Prisma.TransactionClient,
  event: { kind: AuditKind; actor: Actor; transcriptionId?: string; before?: Prisma.InputJsonValue; after?: Prisma.InputJsonValue },
): Promise<void> {
  await tx.hubAuditEvent.create({
    data: {
      kind: event.kind,
      actor: actorLabel(event.actor),
      userId: event.actor.kind === 'user' ? event.actor.id : null,
      transcriptionId: event.transcriptionId ?? null,
      before: event.before,
      after: event.after,
    },
  });
}
