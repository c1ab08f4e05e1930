import type { ErrorCode } from '../../contract/errors.js';
import { AppError } from '../../lib/errors/app-error.js';
import { UpstreamError } from './upstream-error.js';

/**
 * An upstream failure as the hub's own surfaces (the admin API, the console) answer it: the
 * caller's mistakes keep their meaning (400, 404, 429), the rest is 503 (the upstream is not
 * answering as it should), the upstream's own message and request id included so an operator can
 * follow it up.
 */
export function toAppError(error: unknown): unknown {
  if (!(error instanceof UpstreamError)) return error;
  const detail = `${error.message}${error.requestId ? ` (upstream request ${error.requestId})` : ''}`;
  switch (error.kind) {
    case 'invalid_request':
      return new AppError('invalid_value', detail);
    case 'not_found':
      return new AppError('not_found', detail);
    case 'rate_limited':
      return new AppError('rate_limited', detail, { retryAfterSeconds: 1 });
    case 'quota_exceeded':
      return new AppError('quota_exceeded', detail);
    case 'queue_full':
      return new AppError('queue_full', detail);
    default:
      return new AppError('unavailable', `The upstream API failed (${error.kind}): ${detail}`, { retryAfterSeconds: 5 });
  }
}

/** Every code toAppError can answer: a route that calls upstream declares these. */
export const upstreamErrorCodes: readonly ErrorCode[] = [
  'invalid_value',
  'not_found',
  'rate_limited',
  'quota_exceeded',
  'queue_full',
  'unavailable',
];

/** Runs an upstream call, turning its failure into the hub's AppError (see toAppError). */
export async function viaUpstream<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toAppError(error);
  }
}
