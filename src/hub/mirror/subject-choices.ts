/**
 * The evaluators and participants the hub knows by name, for the console's pickers: the hub keeps
 * no table of its own for them, so each is named by the tag of its most recently recorded mirrored
 * call (as evaluator-names.ts names one evaluator). At most `limit` of each, by name.
 */
import type { Db } from '../../db.js';

export interface SubjectChoice {
  id: string;
  name: string;
}

export interface SubjectChoices {
  evaluators: SubjectChoice[];
  participants: SubjectChoice[];
}

export async function listSubjectChoices(db: Db, limit = 500): Promise<SubjectChoices> {
  const [evaluators, participants] = await Promise.all([
    db.$queryRaw<SubjectChoice[]>`
      SELECT id, name FROM (
        SELECT DISTINCT ON (evaluator_id) evaluator_id::text AS id, evaluator_tag AS name
          FROM hub_transcriptions WHERE evaluator_id IS NOT NULL AND evaluator_tag IS NOT NULL AND evaluator_tag <> ''
         ORDER BY evaluator_id, recorded_at DESC) named
      ORDER BY lower(name), id LIMIT ${limit}`,
    db.$queryRaw<SubjectChoice[]>`
      SELECT id, name FROM (
        SELECT DISTINCT ON (participant_id) participant_id::text AS id, participant_tag AS name
          FROM hub_transcriptions WHERE participant_id IS NOT NULL AND participant_tag IS NOT NULL AND participant_tag <> ''
         ORDER BY participant_id, recorded_at DESC) named
      ORDER BY lower(name), id LIMIT ${limit}`,
  ]);
  return { evaluators, participants };
}
