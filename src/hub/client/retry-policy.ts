/**
 * Which failed attempts the client tries again (the transport does the waiting and counting):
 *
 * - 429 rate_limited: always, for every operation. A rate-limited request did not run upstream
 *   and used no quota (docs/decisions.md), so resending it is harmless; the wait is Retry-After when
 *   the answer has one, otherwise the backoff (1 s doubling).
 * - 429 quota_exceeded and queue_full: never; waiting seconds does not refill a monthly quota or
 *   drain a queue of a hundred recordings. A 429 without a recognisable code on an analytics
 *   operation is not retried either: it may be a quota refusal, and each analytics call costs quota.
 * - 5xx, time-outs and network errors: only for operations whose traits say a repeat is harmless
 *   (reads, updates, deletes); a create, submit or analytics call may have run upstream already.
 * - Every other answer (400, 403, 404, …): never.
 */
import { HTTPError, isTimeoutError } from 'ky';
import type { OperationTraits } from '../../contract/operations.js';

export type AttemptFailure =
  | { type: 'http'; status: number; code: string | undefined }
  | { type: 'timeout' }
  | { type: 'network' }
  | { type: 'other' };

/** Sorts what ky rejected an attempt with. */
export function classifyFailure(error: unknown, errorCodeOf: (response: Response) => string | undefined): AttemptFailure {
  if (error instanceof HTTPError) {
    return { type: 'http', status: error.response.status, code: errorCodeOf(error.response) };
  }
  if (isTimeoutError(error)) return { type: 'timeout' };
  // fetch rejects with a TypeError ("fetch failed", the cause holding ECONNREFUSED, ECONNRESET…)
  // when no answer came; the caller's own abort is an AbortError (a DOMException), not this.
  if (error instanceof TypeError) return { type: 'network' };
  return { type: 'other' };
}

export function shouldRetry(failure: AttemptFailure, traits: OperationTraits): boolean {
  switch (failure.type) {
    case 'http':
      if (failure.status === 429) {
        if (failure.code === 'quota_exceeded' || failure.code === 'queue_full') return false;
        return failure.code === 'rate_limited' || traits.monthlyQuota === undefined;
      }
      return failure.status >= 500 && traits.retrySafe;
    case 'timeout':
    case 'network':
      return traits.retrySafe;
    case 'other':
      return false;
    default: {
      const unreachable: never = failure;
      return unreachable;
    }
  }
}

/** Statuses ky may retry at all (shouldRetry narrows them per operation and code). */
export const retriableStatuses: readonly number[] = [429, ...Array.from({ length: 100 }, (_, i) => 500 + i)];

/** Exponential backoff: base, 2 × base, 4 × base, … (the spec's pattern with base 1 s). */
export const backoffDelay = (baseMs: number) => (retryNumber: number) => baseMs * 2 ** (retryNumber - 1);
