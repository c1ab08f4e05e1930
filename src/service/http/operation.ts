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
   * For large answers: `data` as JSON text in pieces, byte-identical to JSON.stringify of what
   * handle gives. When present the router writes these (send-json-pieces.ts) and never calls handle.
   */
  serialize?(input: ValidatedRequest<N>, context: OperationContext): Promise<string[]>;
}

export function defineOperation<N extends OperationName>(
  name: N,
  handle: (input: ValidatedRequest<N>, context: OperationContext) => Promise<OperationResponse<N>>,
): ServiceOperation<N> {
  return { name, handle };
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
