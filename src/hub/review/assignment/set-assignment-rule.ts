import type { Db } from '../../../db.js';
import { Prisma } from '../../../generated/prisma/client.js';
import { AppError } from '../../../lib/errors/app-error.js';
import { assignWaitingCalls } from './assign-by-rule.js';
import { assignmentSettingKey, type AssignmentRule } from './assignment-rule.js';

/**
 * Stores the assignment rule and shares out the calls already waiting unassigned under it, in one
 * transaction (docs/console.md "Assignment"); answers how many calls it assigned now.
 */
export async function setAssignmentRule(db: Db, rule: AssignmentRule, now: Date): Promise<{ rule: AssignmentRule; assignedNow: number }> {
  if (rule.reviewerIds.length > 0) {
    const eligible = await db.hubConsoleUser.count({
      where: { id: { in: rule.reviewerIds }, isActive: true, role: { in: ['lead', 'admin'] } },
    });
    if (eligible !== rule.reviewerIds.length)
      throw new AppError('invalid_value', 'Choose reviewers among the active leads and admins of the console');
  }
  return db.$transaction(
    async (tx) => {
      const value = JSON.stringify(rule);
      await tx.hubSetting.upsert({ where: { key: assignmentSettingKey }, create: { key: assignmentSettingKey, value }, update: { value } });
      const assignedNow = await assignWaitingCalls(tx, { scope: Prisma.sql`true`, now, rule });
      return { rule, assignedNow };
    },
    { timeout: 60_000 },
  );
}
