import { operationAliases, operationTraits, type OperationName, type OperationTraits } from '../../contract/operations.js';
import { parseRequest } from '../../lib/http/validate-input.js';
import { RedisRateLimiter } from '../../lib/rate-limit/redis-rate-limiter.js';
import { rateLimitAndMeterQuota } from '../quotas/meter-monthly-quota.js';
import type { ServiceDeps } from '../service-deps.js';
import type { ServiceOperationTable } from '../operations.js';
import { authenticate, type CredentialHeaders } from './authenticate.js';
import { requestSchemaOf, type ServiceOperation } from './operation.js';
import { rateLimitCheck, type SetHeader } from './rate-limit.js';

/** One API request as the pipeline sees it, whichever HTTP layer serves it. */
export interface OperationExchange {
  headers: CredentialHeaders;
  requestId: string;
  /** Sets an answer header (the rate limit's counters) before the answer is written. */
  setHeader: SetHeader;
  /** The body as jsonBody (json-body.ts) parses and checks it; rejects with its errors. Called at most once. */
  readBody: () => Promise<unknown>;
}

/** `data` to answer as `{"data": ...}`, or (ServiceOperation.serialize) the whole answer as JSON text in pieces. */
export type OperationAnswer = { status: number; data: unknown; pieces?: undefined } | { status: number; pieces: string[] };

/** Answers one exchange, or throws what the error model (error-handler.ts) answers. */
export type OperationPipeline = (exchange: OperationExchange) => Promise<OperationAnswer>;

/**
 * The order of every API request (api-surface.ts serves it): authenticate (403) → rate limit (429) → monthly quota,
 * analytics only (429) → parse JSON (400) → validate (400) → handle. An operation that overlaps
 * the rate limit (ServiceOperation.overlapsRateLimit) is parsed, validated and handled while Redis
 * decides; the answer is the same as in that order: the decision comes first (429, 503), then the
 * body's errors, then the handler's.
 */
export function createOperationPipeline(deps: ServiceDeps, limiter: RedisRateLimiter, operation: ServiceOperation): OperationPipeline {
  const traits: OperationTraits = operationTraits[operation.name];
  const schema = requestSchemaOf(operation.name);
  const status = traits.successStatus;
  // Analytics operations: the rate limit and the monthly quota in one Redis round trip.
  const limits =
    traits.monthlyQuota === undefined
      ? rateLimitCheck(limiter, operation.name, traits.limit, deps.logger)
      : rateLimitAndMeterQuota(deps, limiter, operation.name, traits.limit, traits.monthlyQuota);

  if (operation.overlapsRateLimit && traits.monthlyQuota === undefined) {
    return async ({ headers, requestId, setHeader, readBody }) => {
      const accountId = await authenticate(deps.apiKeys, headers);
      const admitted = limits(accountId, requestId, setHeader);
      const answer = readBody().then((body) => operation.handle(parseRequest(schema, body), { accountId, requestId, deps }));
      // Refused (or the limiter down): the answer is dropped, its failure included.
      answer.catch(() => undefined);
      await admitted;
      return { status, data: await answer };
    };
  }
  return async ({ headers, requestId, setHeader, readBody }) => {
    const accountId = await authenticate(deps.apiKeys, headers);
    await limits(accountId, requestId, setHeader);
    const input = parseRequest(schema, await readBody());
    const context = { accountId, requestId, deps };
    if (operation.serialize) return { status, pieces: ['{"data":', ...(await operation.serialize(input, context)), '}'] };
    return { status, data: await operation.handle(input, context) };
  };
}

/** Every path the API serves below /api (each operation's name and each alias), with its pipeline. */
export function createOperationPipelines(deps: ServiceDeps, operations: ServiceOperationTable): Map<string, OperationPipeline> {
  const limiter = new RedisRateLimiter(deps.redis, { prefix: deps.settings.rateLimitPrefix, scale: deps.settings.rateLimitScale });
  const pipelines = new Map<string, OperationPipeline>();
  for (const operation of Object.values(operations) as ServiceOperation[])
    pipelines.set(operation.name, createOperationPipeline(deps, limiter, operation));
  for (const [alias, target] of Object.entries(operationAliases) as [string, OperationName][])
    pipelines.set(alias, createOperationPipeline(deps, limiter, operations[target]));
  return pipelines;
}
