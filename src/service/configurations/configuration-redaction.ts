import type { RedactionSetting } from '../../contract/redaction-fields.js';
import { REDACTION_POLICIES, type RedactionPolicy } from '../../lib/redaction/index.js';

const members = ['redact_pii', 'redact_pii_policies', 'redact_pii_sub', 'redact_pii_audio'] as const;

/** The redaction members a request set (undefined ones left out); null when it set none. */
export function redactionMembersSet(input: RedactionSetting): RedactionSetting | null {
  const set = Object.fromEntries(members.filter((m) => input[m] !== undefined).map((m) => [m, input[m]]));
  return Object.keys(set).length ? set : null;
}

/** A stored setting (a jsonb column written only by this service) as the contract types it. */
export function storedRedaction(value: unknown): RedactionSetting {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

/** How processing redacts a configuration's calls; null when redact_pii is not on. */
export interface TranscriptRedaction {
  policies: RedactionPolicy[];
  substitution: 'entity_name' | 'hash';
  audio: boolean;
}

/** docs/redaction.md, "The built-in service": absent policies mean every policy. */
export function transcriptRedactionOf(value: unknown): TranscriptRedaction | null {
  const setting = storedRedaction(value);
  if (setting.redact_pii !== true) return null;
  return {
    policies: (setting.redact_pii_policies as RedactionPolicy[] | undefined) ?? [...REDACTION_POLICIES],
    substitution: setting.redact_pii_sub ?? 'entity_name',
    audio: setting.redact_pii_audio === true,
  };
}
