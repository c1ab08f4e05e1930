/**
 * The error model of every HTTP surface of convoqa (built-in API, webhook receiver, admin API):
 * a closed set of codes, each with one HTTP status. Services throw AppError; one error
 * middleware turns it into `{"error": {"code", "message"}}` (docs/decisions.md, "Wire format").
 */
import type { ErrorCode } from '../../contract/errors.js';

/** The HTTP status of each code; a code added to the enum without one does not compile. */
export function statusForCode(code: ErrorCode): number {
  switch (code) {
    case 'invalid_json':
    case 'missing_field':
    case 'invalid_value':
    case 'limit_exceeded':
    case 'unsupported_format':
      return 400;
    case 'unauthorized':
      return 401;
    case 'forbidden':
      return 403;
    case 'not_found':
      return 404;
    case 'conflict':
      return 409;
    case 'payload_too_large':
      return 413;
    case 'rate_limited':
    case 'quota_exceeded':
    case 'queue_full':
      return 429;
    case 'internal':
      return 500;
    case 'unavailable':
      return 503;
    default: {
      const unreachable: never = code;
      return unreachable;
    }
  }
}

export interface AppErrorOptions {
  /** Seconds; sent as Retry-After (429, 503). */
  retryAfterSeconds?: number;
  /** Extra response headers, e.g. rate-limit counters. */
  headers?: Record<string, string>;
  cause?: unknown;
}

export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: AppErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.status = statusForCode(code);
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
