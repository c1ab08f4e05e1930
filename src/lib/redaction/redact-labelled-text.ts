import { entityLabel } from './policies.js';
import { redactText, type RedactionResult } from './redact-text.js';

type Options = Parameters<typeof redactText>[1];

/**
 * Redacts a value that stands on its own, such as an extraction field's value, read after its
 * label ("date_of_birth" → "date of birth 1985-03-14"), so a detector that needs a cue finds it
 * in the label. Only the value is masked and returned; spans are offsets into the value.
 */
export function redactLabelledText(label: string, value: string, options: Options): RedactionResult {
  const prefix = `${label.replace(/[_\-.]+/g, ' ').trim()} `;
  const { spans } = redactText(prefix + value, options);
  const inValue = spans
    .filter((s) => s.end > prefix.length)
    .map((s) => ({ policy: s.policy, start: Math.max(0, s.start - prefix.length), end: s.end - prefix.length }));
  let text = '';
  let cursor = 0;
  for (const span of inValue) {
    text += value.slice(cursor, span.start);
    text += options.substitution === 'hash' ? '#'.repeat(span.end - span.start) : entityLabel(span.policy);
    cursor = span.end;
  }
  return { text: text + value.slice(cursor), spans: inValue };
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
