import type { Db } from '../../db.js';

export interface TagLookup {
  participant(id: string | null): string | null;
  evaluator(id: string | null): string | null;
}

/**
 * Current tags of the participants and evaluators some transcriptions reference, in two queries
 * whatever the number of transcriptions. A deleted one no longer resolves: its tag is null.
 */
export async function resolveTags(
  db: Db,
  accountId: string,
  refs: { participantIds: Iterable<string | null>; evaluatorIds: Iterable<string | null> },
): Promise<TagLookup> {
  const participantIds = [...new Set([...refs.participantIds].filter((id): id is string => id !== null))];
  const evaluatorIds = [...new Set([...refs.evaluatorIds].filter((id): id is string => id !== null))];
  const [participants, evaluators] = await Promise.all([
    participantIds.length
      ? db.participant.findMany({ where: { accountId, id: { in: participantIds } }, select: { id: true, tag: true } })
      : [],
    evaluatorIds.length ? db.evaluator.findMany({ where: { accountId, id: { in: evaluatorIds } }, select: { id: true, tag: true } }) : [],
  ]);
  const participantTags = new Map(participants.map((p) => [p.id, p.tag]));
  const evaluatorTags = new Map(evaluators.map((e) => [e.id, e.tag]));
  return {
    participant: (id) => (id ? (participantTags.get(id) ?? null) : null),
    evaluator: (id) => (id ? (evaluatorTags.get(id) ?? null) : null),
  };
}
