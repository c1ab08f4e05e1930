import { applySpans, unionOfSpans } from './mask-spans.js';
import { redactText, type RedactionResult } from './redact-text.js';

type Options = Parameters<typeof redactText>[1];

/**
 * Redacts a value that stands on its own, such as an extraction field's value, read after its
 * label ("date_of_birth" → "date of birth 1985-03-14"), so a detector that needs a cue finds it
 * in the label. The label may add a finding, never remove one: what the value shows alone is
 * masked too, so a name read as a negative cue ("claim_summary", "booking_notes") cannot hide a
 * card number in it. Only the value is masked and returned; spans are offsets into the value.
 */
export function redactLabelledText(label: string, value: string, options: Options): RedactionResult {
  const prefix = `${label.replace(/[_\-.]+/g, ' ').trim()} `;
  const { spans } = redactText(prefix + value, options);
  const labelled = spans
    .filter((s) => s.end > prefix.length)
    .map((s) => ({ policy: s.policy, start: Math.max(0, s.start - prefix.length), end: s.end - prefix.length }));
  const inValue = unionOfSpans(labelled, redactText(value, options).spans);
  return { text: applySpans(value, inValue, options.substitution), spans: inValue };
}

/**
 * An extraction field's value after redaction: a string or number with personal data in it
 * becomes the masked text (a number so masked becomes a string); anything else is kept.
 */
export function redactFieldValue<T>(name: string, value: T, options: Options): T | string {
  if (typeof value !== 'string' && typeof value !== 'number') return value;
  const redacted = redactLabelledText(name, String(value), options);
  return redacted.spans.length ? redacted.text : value;
}
