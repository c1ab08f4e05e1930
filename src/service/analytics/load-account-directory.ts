import type { CriterionType } from '../../contract/evaluators.js';
import type { Db } from '../../db.js';

/** A criterion that still exists, with its owner (names repeat across evaluators). */
export interface CurrentCriterion {
  id: string;
  name: string;
  type: CriterionType;
  evaluatorId: string;
  evaluatorTag: string;
}

export interface DirectoryEvaluator {
  id: string;
  tag: string;
  /** In the evaluator's order. */
  criteria: CurrentCriterion[];
}

/** The account's evaluators (with criteria) and participants as they are now: at most 20, 200 and 200 rows. */
export interface AccountDirectory {
  evaluators: Map<string, DirectoryEvaluator>;
  participantTags: Map<string, string>;
}

/** Two small queries whatever the number of transcriptions; tags resolve live (null once deleted). */
export async function loadAccountDirectory(db: Db, accountId: string): Promise<AccountDirectory> {
  const [evaluators, participants] = await Promise.all([
    db.evaluator.findMany({
      where: { accountId },
      select: { id: true, tag: true, criteria: { select: { id: true, name: true, type: true }, orderBy: { position: 'asc' } } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    }),
    db.participant.findMany({ where: { accountId }, select: { id: true, tag: true } }),
  ]);
  return {
    evaluators: new Map(
      evaluators.map((e) => [
        e.id,
        { id: e.id, tag: e.tag, criteria: e.criteria.map((c) => ({ ...c, evaluatorId: e.id, evaluatorTag: e.tag })) },
      ]),
    ),
    participantTags: new Map(participants.map((p) => [p.id, p.tag])),
  };
}
