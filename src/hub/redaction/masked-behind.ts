import type { HubRedactionSettings } from './hub-redaction-settings.js';
import { HUB_REDACTION_VERSION } from './redaction-version.js';

/**
 * Whether a mirrored row was masked with less than the hub masks with now: an older version of the
 * rules, or policies that miss one of today's (a row mirrored before redaction existed has neither).
 * With no policies (HUB_REDACTION_POLICIES=none) no row is behind.
 */
export function isMaskedBehind(
  row: { redactionPolicies: readonly string[]; redactionVersion: number },
  settings: HubRedactionSettings,
): boolean {
  if (settings.policies.length === 0) return false;
  return row.redactionVersion < HUB_REDACTION_VERSION || settings.policies.some((policy) => !row.redactionPolicies.includes(policy));
}
