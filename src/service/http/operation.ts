import { operationContracts, type OperationResponse, type ValidatedRequest } from '../../contract/catalog.js';
import type { OperationName } from '../../contract/operations.js';
import type { ServiceDeps } from '../service-deps.js';

export interface OperationContext {
  accountId: string;
  requestId: string;
  deps: ServiceDeps;
}

/**
 * One API operation of the built-in service. Its request schema and answer type come from the
 * contract catalog, so a handler cannot drift from what the client parses.
 */
export interface ServiceOperation<N extends OperationName = OperationName> {
  name: N;
  handle(input: ValidatedRequest<N>, context: OperationContext): Promise<OperationResponse<N>>;
  /**
   * A read with no side effect that costs about what the rate-limit check costs (one row by its
   * key): the router starts it while Redis decides the rate limit instead of after, and throws
   * its result away when the call is refused (api-operation-pipeline.ts). Never set it on a write, nor on a
   * read whose cost a refused caller could multiply (lists, analytics).
   */
  overlapsRateLimit?: boolean;
  /**
   * For large answers: `data` as JSON text in pieces, byte-identical to JSON.stringify of what
   * handle gives. When present the router writes these (send-json-pieces.ts) and never calls handle.
   */
  serialize?(input: ValidatedRequest<N>, context: OperationContext): Promise<string[]>;
}

export interface OperationOptions {
  /** See ServiceOperation.overlapsRateLimit. */
  overlapsRateLimit?: boolean;
}

export function defineOperation<N extends OperationName>(
  name: N,
  handle: (input: ValidatedRequest<N>, context: OperationContext) => Promise<OperationResponse<N>>,
  options: OperationOptions = {},
): ServiceOperation<N> {
  return { name, handle, ...options };
}

export const requestSchemaOf = (name: OperationName) => operationContracts[name].request;

/**
 * An operation whose answer is written as JSON text (serialize); handle parses that text, for
 * callers inside the process (tests, tools), so there is one implementation.
 */
export function defineSerializedOperation<N extends OperationName>(
  name: N,
  serialize: (input: ValidatedRequest<N>, context: OperationContext) => Promise<string[]>,
): ServiceOperation<N> {
  return {
    name,
    serialize,
    handle: async (input, context) => JSON.parse((await serialize(input, context)).join('')) as OperationResponse<N>,
  };
}
