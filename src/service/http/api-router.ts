import express, { type RequestHandler, type Router } from 'express';
import { operationAliases, operationTraits, type OperationName, type OperationTraits } from '../../contract/operations.js';
import { AppError } from '../../lib/errors/app-error.js';
import { createErrorHandler } from '../../lib/http/error-handler.js';
import { jsonBody, readJsonBody } from '../../lib/http/json-body.js';
import { parseRequest } from '../../lib/http/validate-input.js';
import { sendJsonPieces } from '../../lib/http/send-json-pieces.js';
import { RedisRateLimiter } from '../../lib/rate-limit/redis-rate-limiter.js';
import { rateLimitAndMeterQuota } from '../quotas/meter-monthly-quota.js';
import { buildApiOpenApiDocument } from '../openapi/api-openapi.js';
import type { ServiceDeps } from '../service-deps.js';
import { authenticate } from './authenticate.js';
import type { ServiceOperationTable } from '../operations.js';
import { requestSchemaOf, type ServiceOperation } from './operation.js';
import { rateLimit, rateLimitCheck } from './rate-limit.js';

/**
 * The built-in Conversation API, mounted at /api: every operation is POST /<name> with a JSON
 * body (and GET /openapi.json, the OpenAPI description, open). Order per request: authenticate (403) → rate limit (429) → monthly quota, analytics only
 * (429) → parse JSON (400) → validate (400) → handle → `{"data": ...}`. Anything else is 404.
 * An operation that overlaps the rate limit (ServiceOperation.overlapsRateLimit) is parsed,
 * validated and handled while Redis decides; the answer is the same as in that order: the
 * decision comes first (429, 503), then the body's errors, then the handler's.
 */
export function createApiRouter(deps: ServiceDeps, operations: ServiceOperationTable): Router {
  const router = express.Router();
  const limiter = new RedisRateLimiter(deps.redis, {
    prefix: deps.settings.rateLimitPrefix,
    scale: deps.settings.rateLimitScale,
  });
  const parseJson = jsonBody(deps.settings.apiBodyLimitBytes);
  const readBody = readJsonBody(deps.settings.apiBodyLimitBytes);
  const auth = authenticate(deps.apiKeys);
  let document: Record<string, unknown> | undefined;

  // The description is public: it says what the API accepts, nothing of any account. Built on
  // first request (a few tens of milliseconds), not at every start.
  router.get('/openapi.json', (_req, res) => {
    document ??= buildApiOpenApiDocument();
    res.json(document);
  });

  const mount = (path: string, operation: ServiceOperation) => {
    const traits: OperationTraits = operationTraits[operation.name];
    const schema = requestSchemaOf(operation.name);
    if (operation.overlapsRateLimit && traits.monthlyQuota === undefined) {
      const admit = rateLimitCheck(limiter, operation.name, traits.limit, deps.logger);
      router.post(`/${path}`, auth, async (req, res) => {
        const admitted = admit(req, res);
        const answer = readBody(req, res).then((body) =>
          operation.handle(parseRequest(schema, body), { accountId: req.accountId as string, requestId: req.requestId, deps }),
        );
        // Refused (or the limiter down): the answer is dropped, its failure included.
        answer.catch(() => undefined);
        await admitted;
        const data = await answer;
        res.status(traits.successStatus).json({ data });
      });
      return;
    }
    // Analytics operations: the rate limit and the monthly quota in one Redis round trip.
    const limits: RequestHandler =
      traits.monthlyQuota === undefined
        ? rateLimit(limiter, operation.name, traits.limit, deps.logger)
        : rateLimitAndMeterQuota(deps, limiter, operation.name, traits.limit, traits.monthlyQuota);
    router.post(
      `/${path}`,
      auth,
      limits,
      ...parseJson,
      async (req, res) => {
        const input = parseRequest(schema, req.body);
        const context = { accountId: req.accountId as string, requestId: req.requestId, deps };
        if (operation.serialize) {
          const pieces = await operation.serialize(input, context);
          await sendJsonPieces(res, traits.successStatus, ['{"data":', ...pieces, '}']);
          return;
        }
        const data = await operation.handle(input, context);
        res.status(traits.successStatus).json({ data });
      },
    );
  };

  for (const operation of Object.values(operations) as ServiceOperation[]) mount(operation.name, operation);
  for (const [alias, target] of Object.entries(operationAliases) as [string, OperationName][]) mount(alias, operations[target]);

  router.use((req) => {
    const known = Object.hasOwn(operations, req.path.slice(1)) || Object.hasOwn(operationAliases, req.path.slice(1));
    throw new AppError(
      'not_found',
      known ? `${req.method} is not supported: every operation is POST` : `Unknown operation: ${req.path}`,
    );
  });
  router.use(createErrorHandler(deps.logger));
  return router;
}
