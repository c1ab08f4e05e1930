/**
 * The assignment rule (docs/console.md "Assignment"): the reviewers that calls entering the review
 * queue are shared out to, in turn. Stored as JSON in the hub's key/value settings (hub_settings,
 * key `review_assignment`); no row, or no reviewer, means off (calls wait unassigned).
 */
import { z } from 'zod';
import { readHubSetting, type SettingsDb } from '../../settings/hub-settings.js';

export const assignmentSettingKey = 'review_assignment';

export const AssignmentRule = z.object({
  /** The console users (active leads or admins) who take the calls in turn; empty: off. */
  reviewerIds: z
    .array(
      z.guid({ error: 'each reviewer is a console user id' }).transform((id) => id.toLowerCase()),
      {
        error: 'reviewers is a list of console user ids',
      },
    )
    .max(100, { error: 'at most 100 reviewers' })
    .transform((ids) => [...new Set(ids)]),
});
export type AssignmentRule = z.infer<typeof AssignmentRule>;

export const assignmentOff: AssignmentRule = { reviewerIds: [] };

/** The rule in force; a stored value that no longer parses counts as off (it was validated when written). */
export async function readAssignmentRule(db: SettingsDb): Promise<AssignmentRule> {
  const stored = await readHubSetting(db, assignmentSettingKey);
  if (stored === null) return assignmentOff;
  const parsed = AssignmentRule.safeParse(JSON.parse(stored));
  return parsed.success ? parsed.data : assignmentOff;
}
