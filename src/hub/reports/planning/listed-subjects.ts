/**
 * The planner's subjects from a list of evaluators or participants (docs/reports.md, "Scheduled
 * reports"). The plan needs only a subject's id, tag and creation date, so a row the client set
 * aside as breaking the description's promise (a null `metadata`, an odd timestamp) still counts
 * when its id is a UUID: such a subject exists upstream and must not be taken for deleted. Its
 * tag is kept when it is a string, and a creation date that cannot be read sorts it last, so it
 * never displaces a subject the plan already holds. Ids are lower case, as on-demand runs key them.
 */
import { Id } from '../../../contract/common.js';
import type { RejectedItem } from '../../client/index.js';
import { canonicalInstant } from '../../client/answers/upstream-timestamp.js';
import type { Subject } from './plan-month.js';

/** Sorts after every real creation date. */
const unknownCreation = '9999-12-31T23:59:59.999Z';

const instantOf = (value: unknown): string | null => (typeof value === 'string' ? canonicalInstant(value) : null);

export function listedSubjects(
  items: readonly { id: string; tag: string; created_at: string }[],
  rejected: readonly RejectedItem[],
): Subject[] {
  const subjects = items.map(
    (item): Subject => ({
      id: item.id.toLowerCase(),
      tag: item.tag,
      createdAt: instantOf(item.created_at) ?? unknownCreation,
    }),
  );
  for (const row of rejected) {
    if (row.id === null || !Id.safeParse(row.id).success) continue;
    const raw = (row.raw ?? {}) as Record<string, unknown>;
    subjects.push({
      id: row.id,
      tag: typeof raw.tag === 'string' ? raw.tag : null,
      createdAt: instantOf(raw.created_at) ?? unknownCreation,
    });
  }
  return subjects;
}
