import type { z } from 'zod';
import type { ErrorCode } from '../../contract/errors.js';
import type { HubContext } from '../hub-context.js';

/**
 * One admin endpoint, declared once: its path, schemas and handler. The router validates with the
 * schemas and the OpenAPI document is generated from the same ones, so the two cannot disagree.
 */
export interface AdminRoute<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: 'get' | 'post' | 'put' | 'delete';
  /** Express-style path under /admin, e.g. `/transcriptions/:id`. */
  path: string;
  summary: string;
  tag: string;
  /** Health probes and the OpenAPI document are open; everything else needs the bearer token. */
  isPublic?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  /** The `data` member of a successful answer. */
  response: R;
  status?: 200 | 201 | 202;
  /**
   * The error codes the handler itself can answer (the OpenAPI document lists their statuses);
   * those of the pipeline (token, validation, body size, 500) are added from the declaration.
   */
  errors?: readonly ErrorCode[];
  handle(input: { params: z.output<P>; query: z.output<Q>; body: z.output<B> }, ctx: HubContext): Promise<z.input<R>>;
}

export function defineAdminRoute<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  route: AdminRoute<P, Q, B, R>,
): AdminRoute {
  return route;
}

/** Who the audit trail (`hub_audit_events`, docs/console.md) names for a change made through the admin API. */
export const adminApiActor = { kind: 'admin-api' } as const;
