import { z } from 'zod';

/** `{"error": {"code", "message"}}` (decisions.md). A 500 also carries the request id. */
export const ErrorBody = z.looseObject({
  error: z.looseObject({
    code: z.string(),
    message: z.string(),
    request_id: z.string().optional(),
  }),
});
export type ErrorBody = z.output<typeof ErrorBody>;
