import type { Db } from '../../../db.js';
import { resampleAll } from './apply-sampling.js';
import { samplingSettingKey, type SamplingRule } from './sampling-rule.js';

/** Stores the rule and re-picks every call under it, in one transaction; answers how many calls are sampled now. */
export async function setSamplingRule(db: Db, rule: SamplingRule): Promise<{ rule: SamplingRule; sampledCalls: number }> {
  return db.$transaction(
    async (tx) => {
      const value = JSON.stringify(rule);
      await tx.hubSetting.upsert({ where: { key: samplingSettingKey }, create: { key: samplingSettingKey, value }, update: { value } });
      await resampleAll(tx, rule);
      const sampledCalls = await tx.hubTranscription.count({ where: { sampled: true } });
      return { rule, sampledCalls };
    },
    { timeout: 60_000 },
  );
}
