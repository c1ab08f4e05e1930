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
import { RequestError, TimeoutError } from 'got';
import type { OperationTraits } from '../../contract/operations.js';

export type AttemptFailure =
  | { type: 'http'; status: number; code: string | undefined }
  | { type: 'timeout' }
  | { type: 'network' }
  | { type: 'other' };

/**
 * Sorts what an attempt threw (an answer of any status is judged by its status and code instead).
 * got rejects with its TimeoutError when the attempt's time-out fires, and with a RequestError
 * carrying the socket's code (ECONNREFUSED, ECONNRESET, a body cut short…) when no whole answer
 * came; the caller's own abort is an AbortError, which is not retried.
 */
export function classifyFailure(error: unknown): AttemptFailure {
  if (error instanceof TimeoutError) return { type: 'timeout' };
  if (error instanceof RequestError && error.name !== 'AbortError') return { type: 'network' };
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

/** Statuses whose Retry-After is honoured; any other status waits the backoff. */
const retryAfterStatuses = new Set([429, 503]);

/**
 * The wait a 429 or 503 asks for in its Retry-After (seconds, or an HTTP date), in ms, never
 * negative; undefined when there is none or it cannot be read (the backoff applies). The caller
 * caps it by maxRetryAfterMs.
 */
export function retryAfterMs(status: number, retryAfter: string | undefined, nowMs: number): number | undefined {
  if (!retryAfterStatuses.has(status) || retryAfter === undefined || retryAfter.trim() === '') return undefined;
  const seconds = Number(retryAfter);
  const ms = Number.isNaN(seconds) ? Date.parse(retryAfter) - nowMs : seconds * 1_000;
  return Number.isNaN(ms) ? undefined : Math.max(0, ms);
}

/** Exponential backoff: base, 2 × base, 4 × base, … (the spec's pattern with base 1 s). */
export const backoffDelay = (baseMs: number) => (retryNumber: number) => baseMs * 2 ** (retryNumber - 1);
