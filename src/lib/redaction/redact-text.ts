import { findCues } from './context-cues.js';
import { detectStreetAddresses, detectIbans, detectUkPostcodes } from './detect-addresses.js';
import { detectDates } from './detect-dates.js';
import { detectEmails } from './detect-emails.js';
import { detectNames } from './detect-names.js';
import { detectNumberRuns } from './detect-number-runs.js';
import { applySpans } from './mask-spans.js';
import type { RedactedSpan, RedactionPolicy } from './policies.js';
import { readSpokenNumbers } from './read-spoken-numbers.js';
import { RedactionOptions } from './redaction-options.js';
import type { SpanCandidate } from './span-candidate.js';

export interface RedactionResult {
  text: string;
  spans: RedactedSpan[];
}

/** Every finding, all policies, overlapping or not. */
export function detectPersonalData(text: string): SpanCandidate[] {
  const reading = readSpokenNumbers(text);
  const cues = findCues(reading.text);
  const dates = detectDates(reading, cues);
  const ibans = detectIbans(reading, cues);
  const emails = detectEmails(text);
  // Digits inside a date, an IBAN or an email are theirs; claimed ranges are in the rewrite's offsets.
  const claimedOriginal = [...dates, ...ibans, ...emails];
  const claimed: Array<[number, number]> = [];
  reading.from.forEach(([s, e], i) => {
    if (claimedOriginal.some((c) => c.start < e && s < c.end)) claimed.push([i, i + 1]);
  });
  return [
    ...detectNumberRuns(reading, claimed, cues),
    ...dates,
    ...ibans,
    ...emails,
    ...detectUkPostcodes(reading, cues),
    ...detectStreetAddresses(reading),
    ...detectNames(text),
  ];
}

/** Keeps the earliest, then longest, of overlapping spans so each character is masked once. */
function withoutOverlaps(spans: SpanCandidate[]): RedactedSpan[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: RedactedSpan[] = [];
  for (const span of sorted) {
    const previous = kept[kept.length - 1];
    if (previous && span.start < previous.end) continue;
    kept.push({ policy: span.policy, start: span.start, end: span.end });
  }
  return kept;
}

/**
 * Finds the personal data of the chosen policies in a transcript and masks it. Options are
 * checked with RedactionOptions, so an unknown policy name throws a ZodError naming it.
 */
export function redactText(text: string, options: { policies: readonly string[]; substitution: 'entity_name' | 'hash' }): RedactionResult {
  const parsed = RedactionOptions.parse(options);
  const wanted = new Set<RedactionPolicy>(parsed.policies as RedactionPolicy[]);
  const spans = withoutOverlaps(detectPersonalData(text).filter((s) => wanted.has(s.policy)));
  return { text: applySpans(text, spans, parsed.substitution), spans };
}
