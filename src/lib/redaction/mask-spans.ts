import { entityLabel, type RedactedSpan } from './policies.js';

/**
 * Spans found by more than one reading of the same text, as one list: every character any of them
 * covers stays covered. Overlapping spans join into one, named by the earliest.
 */
export function unionOfSpans(...lists: RedactedSpan[][]): RedactedSpan[] {
  const sorted = lists.flat().sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: RedactedSpan[] = [];
  for (const span of sorted) {
    const previous = merged[merged.length - 1];
    if (previous && span.start < previous.end) previous.end = Math.max(previous.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** The text with each span (sorted, not overlapping) replaced by its entity name or one # per character. */
export function applySpans(text: string, spans: RedactedSpan[], substitution: 'entity_name' | 'hash'): string {
  let out = '';
  let cursor = 0;
  for (const span of spans) {
    out += text.slice(cursor, span.start);
    out += substitution === 'hash' ? '#'.repeat(span.end - span.start) : entityLabel(span.policy);
    cursor = span.end;
  }
  return out + text.slice(cursor);
}
