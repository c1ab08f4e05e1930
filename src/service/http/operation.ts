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
}

export function defineOperation<N extends OperationName>(
  name: N,
  handle: (input: ValidatedRequest<N>, context: OperationContext) => Promise<OperationResponse<N>>,
): ServiceOperation<N> {
  return { name, handle };
}

export const requestSchemaOf = (name: OperationName) => operationContracts[name].request;
