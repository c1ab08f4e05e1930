/**
 * The one error the client throws. Callers branch on `kind` (or `code`, the upstream's own
 * snake_case code) and on `retryable`: whether trying the same call later may succeed.
 */
import type { OperationAlias, OperationName } from '../../contract/operations.js';

export type UpstreamErrorKind =
  /** 400 (or 413/422) from the upstream, or the input failed the contract before anything was sent. */
  | 'invalid_request'
  /** 401/403: missing, wrong, deactivated or deleted API key. */
  | 'forbidden'
  | 'not_found'
  /** 429 rate_limited, still refused after every attempt. */
  | 'rate_limited'
  /** 429 quota_exceeded: the monthly analytics quota is spent; never retried. */
  | 'quota_exceeded'
  /** 429 queue_full: too many recordings waiting upstream; never retried by the client. */
  | 'queue_full'
  /** 5xx. */
  | 'server_error'
  /** No answer: connection refused or reset, DNS failure. */
  | 'network'
  /** No answer within the per-attempt time-out. */
  | 'timeout'
  /** An answer that is not JSON or breaks what the API description promises. */
  | 'invalid_response'
  /** Any other status (e.g. 409), kept with its code. */
  | 'http';

const retryableKinds: ReadonlySet<UpstreamErrorKind> = new Set(['rate_limited', 'queue_full', 'server_error', 'network', 'timeout']);

export interface UpstreamErrorDetails {
  kind: UpstreamErrorKind;
  operation: OperationName | OperationAlias;
  /** HTTP status; null when no answer came (network, timeout) or nothing was sent. */
  status: number | null;
  /** The upstream's error code (`not_found`, `rate_limited`, …) or one the client made up. */
  code: string;
  message: string;
  /** The upstream's request id (error body or X-Request-Id), or the one the client sent. */
  requestId: string | null;
  /** HTTP requests made for this call (0 when the input was refused locally). */
  attempts: number;
  /** For invalid_request refused locally and invalid_response: where the contract failed. */
  issues?: readonly { path: string; message: string }[];
  /** For invalid_response: the answer's `data` as it came, so a caller can keep what it could not read. */
  raw?: unknown;
  cause?: unknown;
}

export class UpstreamError extends Error {
  override name = 'UpstreamError';
  readonly kind: UpstreamErrorKind;
  readonly operation: OperationName | OperationAlias;
  readonly status: number | null;
  readonly code: string;
  readonly requestId: string | null;
  readonly attempts: number;
  readonly issues: readonly { path: string; message: string }[];
  /** For invalid_response: the answer's `data` as it came (never in toJSON: it may be large). */
  readonly raw: unknown;
  /** Whether the same call may succeed later (a job may retry it; the client already did). */
  readonly retryable: boolean;

  constructor(details: UpstreamErrorDetails) {
    // The upstream's own message, so callers can compare it; the operation is a field of its own.
    super(details.message, { cause: details.cause });
    this.kind = details.kind;
    this.operation = details.operation;
    this.status = details.status;
    this.code = details.code;
    this.requestId = details.requestId;
    this.attempts = details.attempts;
    this.issues = details.issues ?? [];
    this.raw = details.raw;
    this.retryable = retryableKinds.has(details.kind);
  }

  toJSON() {
    return {
      kind: this.kind,
      operation: this.operation,
      status: this.status,
      code: this.code,
      message: this.message,
      requestId: this.requestId,
      attempts: this.attempts,
      retryable: this.retryable,
      ...(this.issues.length ? { issues: this.issues } : {}),
    };
  }
}

export const isUpstreamError = (error: unknown, kind?: UpstreamErrorKind): error is UpstreamError =>
  error instanceof UpstreamError && (kind === undefined || error.kind === kind);

/** The kind for an HTTP error answer, from its status and the upstream's code. */
export function kindForStatus(status: number, code: string | undefined): UpstreamErrorKind {
  if (status === 429) {
    if (code === 'quota_exceeded') return 'quota_exceeded';
    if (code === 'queue_full') return 'queue_full';
    return 'rate_limited';
  }
  if (status === 401 || status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 400 || status === 413 || status === 422) return 'invalid_request';
  if (status >= 500) return 'server_error';
  return 'http';
}
