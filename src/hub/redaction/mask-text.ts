import { redactFieldValue, redactText } from '../../lib/redaction/index.js';
import type { HubRedactionSettings } from './hub-redaction-settings.js';

/** Ids and timestamps hold digits but never personal data; masking them would break the copy. */
const opaqueValue = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{4}-\d{2}-\d{2}T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)$/i;
export const isOpaqueValue = (text: string) => opaqueValue.test(text);

/** A text with the hub's policies masked (unchanged when it has no policies). */
export function maskText(text: string, settings: HubRedactionSettings): string {
  if (settings.policies.length === 0 || opaqueValue.test(text)) return text;
  return redactText(text, settings).text;
}

/** A value read under a name (an extraction field, an exported column): the name is the value's context. */
export function maskNamedValue<T>(name: string, value: T, settings: HubRedactionSettings): T | string {
  if (settings.policies.length === 0 || (typeof value === 'string' && opaqueValue.test(value))) return value;
  return redactFieldValue(name, value, settings);
}

/**
 * Any JSON value with every string in it masked, each read after its member's name (an upstream
 * answer kept as it came, whose shape is open): objects and arrays are copied, not changed.
 */
export function maskJson(value: unknown, settings: HubRedactionSettings, name = ''): unknown {
  if (settings.policies.length === 0) return value;
  if (typeof value === 'string' || typeof value === 'number')
    return name ? maskNamedValue(name, value, settings) : typeof value === 'string' ? maskText(value, settings) : value;
  if (Array.isArray(value)) return value.map((item) => maskJson(item, settings, name));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, maskJson(item, settings, key)]));
  }
  return value;
}
