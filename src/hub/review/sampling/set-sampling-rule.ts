import type { Db } from '../../../db.js';
import { Prisma } from '../../../generated/prisma/client.js';
import { assignWaitingCalls } from '../assignment/assign-by-rule.js';
import { resampleAll } from './apply-sampling.js';
import { samplingSettingKey, type SamplingRule } from './sampling-rule.js';

/** Stores the rule and re-picks every call under it, in one transaction; answers how many calls are sampled now. */
export async function setSamplingRule(db: Db, rule: SamplingRule, now: Date): Promise<{ rule: SamplingRule; sampledCalls: number }> {
  return db.$transaction(
    async (tx) => {
      const value = JSON.stringify(rule);
      await tx.hubSetting.upsert({ where: { key: samplingSettingKey }, create: { key: samplingSettingKey, value }, update: { value } });
      await resampleAll(tx, rule);
      // Calls the new sample put in the queue are shared out like any other (docs/console.md "Assignment").
      await assignWaitingCalls(tx, { scope: Prisma.sql`true`, now });
      const sampledCalls = await tx.hubTranscription.count({ where: { sampled: true } });
      return { rule, sampledCalls };
    },
    { timeout: 60_000 },
  );
}
