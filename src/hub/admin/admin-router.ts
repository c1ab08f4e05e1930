import express, { type Router } from 'express';
import { AppError } from '../../lib/errors/app-error.js';
import { createErrorHandler } from '../../lib/http/error-handler.js';
import { jsonBody } from '../../lib/http/json-body.js';
import { parseRequest } from '../../lib/http/validate-input.js';
import type { HubContext } from '../hub-context.js';
import { requireAdminToken } from './admin-auth.js';
import { renderAdminIndex, type AdminIndexLink } from './admin-index.js';
import type { AdminRoute } from './admin-route.js';
import { buildOpenApiDocument } from './openapi.js';

/**
 * The admin API under /admin: one authenticated place to see and steer the hub (and, in the
 * embedded default, the built-in service's accounts). Answers `{"data": …}`; errors use the
 * API's error model.
 */
export function createAdminRouter(
  ctx: HubContext,
  options: { token: () => Promise<string>; routes: readonly AdminRoute[]; indexLinks?: readonly AdminIndexLink[] },
): Router {
  const router = express.Router();
  const auth = requireAdminToken(options.token);
  const parseJson = jsonBody(1_048_576);
  const document = buildOpenApiDocument(options.routes);

  const index = renderAdminIndex(options.routes, { links: options.indexLinks });
  // The admin URL opened in a browser: a page for a person; a JSON client gets where to look.
  router.get('/', (_req, res) => {
    res.format({
      html: () => res.type('html').send(index),
      json: () => res.json({ data: { openapi: '/admin/openapi.json', health: '/admin/health', docs: 'docs/admin-api.md' } }),
      default: () => res.type('html').send(index),
    });
  });
  router.get('/openapi.json', (_req, res) => {
    res.json(document);
  });
  for (const route of options.routes) {
    const steps: express.RequestHandler[] = [];
    if (!route.isPublic) steps.push(auth);
    if (route.body) steps.push(...parseJson);
    steps.push(async (req, res) => {
      const input = {
        params: route.params ? parseRequest(route.params, { ...req.params }) : {},
        query: route.query ? parseRequest(route.query, { ...(req.query as object) }) : {},
        body: route.body ? parseRequest(route.body, req.body) : undefined,
      };
      const data = await route.handle(input, ctx);
      res.status(route.status ?? 200).json({ data });
    });
    router[route.method](route.path, ...steps);
  }
  router.use((req) => {
    throw new AppError('not_found', `Unknown admin endpoint: ${req.method} ${req.path}`);
  });
  router.use(createErrorHandler(ctx.logger));
  return router;
}
