import express, { type Express } from 'express';
import { AppError } from './lib/errors/app-error.js';
import { createErrorHandler } from './lib/http/error-handler.js';
import { assignRequestId } from './lib/http/request-id.js';
import { createApiRouter } from './service/http/api-router.js';
import { serviceOperations } from './service/operations.js';
import { createUploadRouter } from './service/uploads/upload-router.js';
import type { ServiceDeps } from './service/service-deps.js';

export type AppDeps = ServiceDeps;

/** The HTTP app of the web process: the built-in API at /api (the hub mounts beside it). */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.use(assignRequestId());
  app.use('/api', createApiRouter(deps, serviceOperations));
  app.use('/uploads', createUploadRouter(deps));
  app.use((req) => {
    throw new AppError('not_found', `Not found: ${req.method} ${req.path}`);
  });
  app.use(createErrorHandler(deps.logger));
  return app;
}
