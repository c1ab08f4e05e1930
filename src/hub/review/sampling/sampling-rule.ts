/**
 * The review sampling rule (docs/console.md "Sampling"): the share of non-critical COMPLETED calls
 * per participant per ISO week that joins the review queue, and the seed that picks them. Stored
 * as JSON in the hub's key/value settings (hub_settings, key `review_sampling`); no row means off.
 */
import { z } from 'zod';
import { readHubSetting, type SettingsDb } from '../../settings/hub-settings.js';

export const samplingSettingKey = 'review_sampling';

export const SamplingRule = z.object({
  /** Percent of a participant's non-critical completed calls of an ISO week to sample, 0 (off) to 100. */
  share: z
    .number({ error: 'share is a number from 0 to 100' })
    .min(0, { error: 'share is at least 0' })
    .max(100, { error: 'share is at most 100' }),
  /** Any text; the same seed and calls always give the same sample. */
  seed: z
    .string({ error: 'seed is text' })
    .trim()
    .min(1, { error: 'seed must not be empty' })
    .max(100, { error: 'seed is at most 100 characters' }),
});
export type SamplingRule = z.infer<typeof SamplingRule>;

/** The rule as the queue page's form sends it (every field text). */
export const SamplingRuleForm = SamplingRule.extend({
  share: z.coerce
    .number({ error: 'share is a number from 0 to 100' })
    .min(0, { error: 'share is at least 0' })
    .max(100, { error: 'share is at most 100' }),
});

export const samplingOff: SamplingRule = { share: 0, seed: 'convoqa' };

/** The rule in force; a stored value that no longer parses counts as off (it was validated when written). */
export async function readSamplingRule(db: SettingsDb): Promise<SamplingRule> {
  const stored = await readHubSetting(db, samplingSettingKey);
  if (stored === null) return samplingOff;
  const parsed = SamplingRule.safeParse(JSON.parse(stored));
  return parsed.success ? parsed.data : samplingOff;
}
