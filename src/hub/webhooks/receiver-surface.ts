import type { Logger } from 'pino';
import { AppError } from '../../lib/errors/app-error.js';
import { createMachineSurface, type RequestListener } from '../../lib/http/machine-surface.js';
import { readRawBody } from '../../lib/http/read-body.js';
import type { WebhookIntake } from './webhook-intake.js';

/** Where createApp serves the receiver. */
export const receiverMountPath = '/webhooks';

/**
 * POST /webhooks/transcriptions/success and /error (the URLs a configuration's webhooks point at)
 * on their own stack (machine-surface.ts): the raw body (decompressed, within the limit), then the
 * intake (webhook-intake.ts: verify → durable receipt → 202). Anything else is 404.
 */
export function createReceiverSurface(
  intake: WebhookIntake,
  options: { bodyLimitBytes: number; logger: Logger; accessLogger: Logger },
): RequestListener {
  return createMachineSurface({
    mountPath: receiverMountPath,
    accessLogger: options.accessLogger,
    errorLogger: options.logger,
    notFound: (method, path) => new AppError('not_found', `Unknown webhook receiver: ${method} ${path}`),
    routes: [
      {
        methods: ['POST'],
        path: `${receiverMountPath}/transcriptions/:outcome`,
        label: `${receiverMountPath}/transcriptions/:outcome`,
        handle: async ({ req, params, query, requestId }) => {
          const outcome = params.outcome?.toLowerCase();
          if (outcome !== 'success' && outcome !== 'error')
            throw new AppError('not_found', `Unknown webhook receiver: /transcriptions/${params.outcome ?? ''}`);
          const body = await readRawBody(req, options.bodyLimitBytes);
          const token = typeof query.token === 'string' ? query.token : undefined;
          return { status: 202, body: await intake({ outcome, body, headers: req.headers, token, requestId }) };
        },
      },
    ],
  });
}
