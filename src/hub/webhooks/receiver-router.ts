import express, { type Router } from 'express';
import type { Logger } from 'pino';
import { AppError } from '../../lib/errors/app-error.js';
import { createErrorHandler } from '../../lib/http/error-handler.js';
import { sendConstantJson } from '../../lib/http/constant-json.js';
import type { WebhookIntake } from './webhook-intake.js';

/**
 * POST /webhooks/transcriptions/success and /error (the URLs a configuration's webhooks point
 * at) as an Express router: the raw body, then the intake (webhook-intake.ts) → 202. The web
 * process serves most webhooks by the fast path in front of Express (receiver-fast-path.ts), which
 * hands this router whatever it does not serve itself (other methods and paths, chunked or
 * compressed bodies, bodies over the limit), so both give the same answers.
 */
export function createReceiverRouter(intake: WebhookIntake, logger: Logger, options: { bodyLimitBytes: number }): Router {
  const router = express.Router();
  const rawBody = express.raw({ type: () => true, limit: options.bodyLimitBytes });

  router.post('/transcriptions/:outcome', rawBody, async (req, res) => {
    const outcome = req.params.outcome;
    if (outcome !== 'success' && outcome !== 'error') throw new AppError('not_found', `Unknown webhook receiver: ${req.path}`);
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const token = typeof req.query.token === 'string' ? req.query.token : undefined;
    sendConstantJson(res, 202, await intake({ outcome, body, headers: req.headers, token, requestId: req.requestId }));
  });

  router.use((req) => {
    throw new AppError('not_found', `Unknown webhook receiver: ${req.method} ${req.path}`);
  });
  router.use(createErrorHandler(logger));
  return router;
}
