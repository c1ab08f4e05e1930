/**
 * The catalog of the API's operations: path name, per-minute limit with burst (the spec's Limits
 * table), success status, and whether a retry after an unknown outcome is harmless.
 * Both the built-in service (its rate limiter) and the client (its pacing) read it.
 */
export interface OperationLimit {
  perMinute: number;
  burst: number;
}

export interface OperationTraits {
  limit: OperationLimit;
  /** 201 for creations (docs/decisions.md), 200 otherwise. */
  successStatus: 200 | 201;
  /** Safe to resend when the outcome of an attempt is unknown (reads, idempotent writes). */
  retrySafe: boolean;
  /** Metered by a monthly quota (analytics). */
  monthlyQuota?: number;
}

const writeOnce = (perMinute: number, burst: number): OperationTraits => ({
  limit: { perMinute, burst },
  successStatus: 201,
  retrySafe: false,
});
const read = (perMinute: number, burst: number): OperationTraits => ({
  limit: { perMinute, burst },
  successStatus: 200,
  retrySafe: true,
});
/** Updates and deletes: repeating one gives the same end state. */
const idempotentWrite = read;
const analytics = (perMinute: number, burst: number, monthlyQuota: number): OperationTraits => ({
  limit: { perMinute, burst },
  successStatus: 200,
  retrySafe: false,
  monthlyQuota,
});

export const operationTraits = {
  'create-configuration': writeOnce(10, 2),
  'get-configuration': read(500, 17),
  'list-configurations': read(50, 3),
  'update-configuration': idempotentWrite(50, 3),
  'delete-configuration': idempotentWrite(50, 3),
  'create-evaluator': writeOnce(10, 2),
  'get-evaluator': read(500, 17),
  'list-evaluators': read(50, 3),
  'update-evaluator': idempotentWrite(500, 17),
  'delete-evaluator': idempotentWrite(500, 17),
  'create-participant': writeOnce(10, 2),
  'get-participant': read(500, 17),
  'list-participants': read(50, 3),
  'update-participant': idempotentWrite(500, 17),
  'delete-participant': idempotentWrite(500, 17),
  submit: writeOnce(500, 17),
  'request-upload-url': writeOnce(500, 17),
  'list-transcriptions': read(500, 17),
  'get-transcription': read(500, 17),
  'update-transcription-group': idempotentWrite(500, 17),
  'delete-transcription': idempotentWrite(500, 17),
  analytics: analytics(5, 2, 30),
  'analytics-evaluator': analytics(50, 3, 500),
  'analytics-participant': analytics(50, 3, 500),
} as const satisfies Record<string, OperationTraits>;

export type OperationName = keyof typeof operationTraits;
export const operationNames = Object.keys(operationTraits) as OperationName[];

/**
 * Names from the spec's older limits listing, kept as aliases. An alias shares its operation's
 * rate-limit bucket (same limits), so alternating names cannot double the allowed rate.
 */
export const operationAliases = {
  'get-configurations': 'list-configurations',
  details: 'get-transcription',
} as const satisfies Record<string, OperationName>;
export type OperationAlias = keyof typeof operationAliases;
