import express, { type Router } from 'express';
import { operationAliases } from '../../contract/operations.js';
import { AppError } from '../../lib/errors/app-error.js';
import { createErrorHandler } from '../../lib/http/error-handler.js';
import { readJsonBody } from '../../lib/http/json-body.js';
import { sendJsonPieces } from '../../lib/http/send-json-pieces.js';
import { buildApiOpenApiDocument } from '../openapi/api-openapi.js';
import type { ServiceDeps } from '../service-deps.js';
import type { ServiceOperationTable } from '../operations.js';
import { createOperationPipelines, type OperationPipeline } from './api-operation-pipeline.js';

/**
 * The built-in Conversation API, mounted at /api: every operation is POST /<name> with a JSON
 * body (and GET /openapi.json, the OpenAPI description, open), answered by its pipeline
 * (api-operation-pipeline.ts: authenticate → rate limit → quota → parse → validate → handle →
 * `{"data": ...}`). Anything else is 404. createApp serves most of these requests in front of
 * Express (api-fast-path.ts) with the same pipelines (given here); this router answers the rest.
 */
export function createApiRouter(
  deps: ServiceDeps,
  operations: ServiceOperationTable,
  pipelines: ReadonlyMap<string, OperationPipeline> = createOperationPipelines(deps, operations),
): Router {
  const router = express.Router();
  const readBody = readJsonBody(deps.settings.apiBodyLimitBytes);
  let document: Record<string, unknown> | undefined;

  // The description is public: it says what the API accepts, nothing of any account. Built on
  // first request (a few tens of milliseconds), not at every start.
  router.get('/openapi.json', (_req, res) => {
    document ??= buildApiOpenApiDocument();
    res.json(document);
  });

  for (const [path, pipeline] of pipelines) {
    router.post(`/${path}`, async (req, res) => {
      const answer = await pipeline({
        headers: req.headers,
        requestId: req.requestId,
        setHeader: (name, value) => res.setHeader(name, value),
        readBody: () => readBody(req, res),
      });
      if (answer.pieces) await sendJsonPieces(res, answer.status, answer.pieces);
      else res.status(answer.status).json({ data: answer.data });
    });
  }

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
