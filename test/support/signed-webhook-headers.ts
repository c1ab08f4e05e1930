import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** The headers the built-in service sends with a webhook body: JSON, and its Standard Webhooks id, timestamp and signature. */
export function signedWebhookHeaders(secret: string, body: string, options: { id?: string; at?: Date } = {}) {
  const id = options.id ?? randomUUID();
  const at = options.at ?? new Date();
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}
