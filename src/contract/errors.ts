import { z } from 'zod';

/**
 * Every error code convoqa answers, one enum shared by the wire schema below and the code→status
 * switch (src/lib/errors/app-error.ts). The vendor's description names the statuses; the codes
 * are convoqa's (docs/decisions.md).
 */
export const ErrorCode = z.enum([
  'invalid_json',
  'missing_field',
  'invalid_value',
  'limit_exceeded',
  'unsupported_format',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'rate_limited',
  'quota_exceeded',
  'queue_full',
  'unavailable',
  'internal',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** `{"error": {"code", "message"}}` as convoqa answers it. A 500 also carries the request id. */
export const ErrorBody = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
    request_id: z.string().optional(),
  }),
});
export type ErrorBody = z.output<typeof ErrorBody>;

/**
 * An error body from any deployment of the API, as the hub's client reads it: another deployment
 * may use codes convoqa does not, and add members.
 */
export const UpstreamErrorBody = z.looseObject({
  error: z.looseObject({
    code: z.string(),
    message: z.string(),
    request_id: z.string().optional(),
  }),
});
export type UpstreamErrorBody = z.output<typeof UpstreamErrorBody>;
