import type { z } from 'zod';
import type { OperationName } from '../../contract/operations.js';
import type { ServiceDeps } from '../service-deps.js';

export interface OperationContext {
  accountId: string;
  requestId: string;
  deps: ServiceDeps;
}

/** One API operation: its request schema and a handler that returns the `data` member or throws. */
export interface ServiceOperation<S extends z.ZodType = z.ZodType, R = unknown> {
  name: OperationName;
  request: S;
  handle(input: z.output<S>, context: OperationContext): Promise<R>;
}

export function defineOperation<S extends z.ZodType, R>(operation: ServiceOperation<S, R>): ServiceOperation<S, R> {
  return operation;
}
