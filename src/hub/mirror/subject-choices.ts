/**
 * The evaluators and participants the hub knows by name, for the console's pickers: the hub keeps
 * no table of its own for them, so each is named by the tag of its most recently recorded mirrored
 * call (as evaluator-names.ts names one evaluator). At most `limit` of each: the ones with the most
 * recently mirrored calls (those a lead is working on), listed by name.
 */
import type { Db } from '../../db.js';
import { Prisma } from '../../generated/prisma/client.js';

export interface SubjectChoice {
  id: string;
  name: string;
}

export interface SubjectChoices {
  evaluators: SubjectChoice[];
  participants: SubjectChoice[];
}

/** The id and tag columns of hub_transcriptions that name one kind of subject (constants, never input). */
const subjectColumns = {
  evaluator: { id: Prisma.raw('evaluator_id'), tag: Prisma.raw('evaluator_tag') },
  participant: { id: Prisma.raw('participant_id'), tag: Prisma.raw('participant_tag') },
} as const;

function namedSubjects(db: Db, kind: keyof typeof subjectColumns, limit: number): Promise<SubjectChoice[]> {
  const { id, tag } = subjectColumns[kind];
  return db.$queryRaw<SubjectChoice[]>`
    SELECT id, name FROM (
      SELECT id, name, last_mirrored FROM (
        SELECT DISTINCT ON (${id}) ${id}::text AS id, ${tag} AS name, mirrored_at AS last_mirrored
          FROM hub_transcriptions WHERE ${id} IS NOT NULL AND ${tag} IS NOT NULL AND ${tag} <> ''
         ORDER BY ${id}, mirrored_at DESC) named
      ORDER BY last_mirrored DESC LIMIT ${limit}) recent
    ORDER BY lower(name), id`;
}

export async function listSubjectChoices(db: Db, limit = 500): Promise<SubjectChoices> {
  const [evaluators, participants] = await Promise.all([namedSubjects(db, 'evaluator', limit), namedSubjects(db, 'participant', limit)]);
  return { evaluators, participants };
}
