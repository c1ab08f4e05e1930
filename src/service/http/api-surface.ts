import type { Logger } from 'pino';
import { operationAliases } from '../../contract/operations.js';
import { AppError } from '../../lib/errors/app-error.js';
import { createMachineSurface, type RequestListener, type SurfaceRoute } from '../../lib/http/machine-surface.js';
import { readJsonBody } from '../../lib/http/read-body.js';
import { buildApiOpenApiDocument } from '../openapi/api-openapi.js';
import type { ServiceDeps } from '../service-deps.js';
import type { ServiceOperationTable } from '../operations.js';
import { createOperationPipelines, type OperationPipeline } from './api-operation-pipeline.js';

/** Where createApp serves the API. */
export const apiMountPath = '/api';

export interface ApiSurfaceOptions {
  /** The access log's logger (the app's); errors go to deps.logger. */
  accessLogger?: Logger;
  /** The operations' pipelines, when the caller made them (one rate limiter per app). */
  pipelines?: ReadonlyMap<string, OperationPipeline>;
}

/**
 * The built-in Conversation API at /api (docs/api-reference.md) on its own stack
 * (machine-surface.ts): every operation is POST /api/<name or alias> with a JSON body, answered
 * by its pipeline (api-operation-pipeline.ts: authenticate → rate limit → quota → body → validate
 * → handle → `{"data": ...}`); GET /api/openapi.json is the OpenAPI description, open to all.
 * Anything else is 404: another method on an operation says every operation is POST.
 */
export function createApiSurface(deps: ServiceDeps, operations: ServiceOperationTable, options: ApiSurfaceOptions = {}): RequestListener {
  const pipelines = options.pipelines ?? createOperationPipelines(deps, operations);
  const limitBytes = deps.settings.apiBodyLimitBytes;
  let document: Buffer | undefined;
  const routes: SurfaceRoute[] = [
    {
      methods: ['GET', 'HEAD'],
      path: `${apiMountPath}/openapi.json`,
      label: `${apiMountPath}/openapi.json`,
      // The description says what the API accepts, nothing of any account. Built on first request
      // (a few tens of milliseconds), not at every start.
      handle: () => {
        document ??= Buffer.from(JSON.stringify(buildApiOpenApiDocument()), 'utf8');
        return Promise.resolve({ status: 200, body: document });
      },
    },
  ];
  for (const [name, pipeline] of pipelines) {
    routes.push({
      methods: ['POST'],
      path: `${apiMountPath}/${name}`,
      label: `${apiMountPath}/${name}`,
      handle: async ({ req, requestId, setHeader }) => {
        const answer = await pipeline({ headers: req.headers, requestId, setHeader, readBody: () => readJsonBody(req, limitBytes) });
        return answer.pieces ? { status: answer.status, pieces: answer.pieces } : { status: answer.status, json: { data: answer.data } };
      },
    });
  }
  return createMachineSurface({
    mountPath: apiMountPath,
    routes,
    accessLogger: options.accessLogger ?? deps.logger,
    errorLogger: deps.logger,
    notFound: (method, path) => {
      const name = path.slice(1).replace(/\/$/, '');
      const known = Object.hasOwn(operations, name) || Object.hasOwn(operationAliases, name);
      return new AppError('not_found', known ? `${method} is not supported: every operation is POST` : `Unknown operation: ${path}`);
    },
  });
}
