/**
 * What a console user may see of the mirror: an agent only the calls of the participant they are
 * linked to (anything else answers 404, as if it did not exist); the other roles everything
 * (docs/console.md, "Roles").
 */
import type { Db } from '../../db.js';
import { AppError } from '../../lib/errors/app-error.js';

export interface Viewer {
  role: string;
  participantId: string | null;
}

export const isAgent = (viewer: Viewer | undefined): boolean => viewer?.role === 'agent';

/** The participant an agent is limited to, or undefined for the roles that see every call. */
export function participantScope(viewer: Viewer | undefined): string | undefined {
  if (!isAgent(viewer)) return undefined;
  // An agent without a participant sees nothing: a participant id that matches no call.
  return viewer?.participantId ?? '00000000-0000-0000-0000-000000000000';
}

/** Answers 404 when the viewer may not see the call (or it is not mirrored). */
export async function assertCallVisible(db: Db, viewer: Viewer | undefined, transcriptionId: string): Promise<void> {
  const scope = participantScope(viewer);
  const found = await db.hubTranscription.findFirst({
    where: { id: transcriptionId, ...(scope ? { participantId: scope } : {}) },
    select: { id: true },
  });
  if (!found) throw new AppError('not_found', `No mirrored transcription ${transcriptionId}`);
}
