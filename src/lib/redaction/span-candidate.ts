import type { RedactionPolicy } from './policies.js';

/** A finding in original-text offsets, before the caller's policy filter and overlap rules. */
export interface SpanCandidate {
  policy: RedactionPolicy;
  start: number;
  end: number;
}
