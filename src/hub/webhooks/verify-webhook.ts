import { createHash, timingSafeEqual } from 'node:crypto';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

export interface ReceiverCredentials {
  /** Standard Webhooks secret (`whsec_…`): when set, every webhook must carry a valid signature. */
  signingSecret: string | null;
  /** The secret token in the receiver URLs, checked when no signing secret is configured. */
  token: string;
}

/** Why a webhook was refused: its signature or token is wrong or missing, or its timestamp is outside the tolerance. */
export type RejectionOutcome = 'bad_signature' | 'stale';

export class WebhookRejectedError extends Error {
  override name = 'WebhookRejectedError';
  constructor(
    message: string,
    readonly outcome: RejectionOutcome = 'bad_signature',
  ) {
    super(message);
  }
}

const equalSecrets = (a: string, b: string) => {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
};

/**
 * Verifies a webhook on its raw body, before anything parses it. With a signing secret: the
 * Standard Webhooks signature (HMAC-SHA256 of id.timestamp.body, constant-time, 5-minute
 * timestamp tolerance, by the `standardwebhooks` library). Without: the URL's token, compared in
 * constant time. Returns the event's id for deduplication (the webhook-id, or the body's hash).
 */
export function verifyWebhook(
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  urlToken: string | undefined,
  credentials: ReceiverCredentials,
): { eventId: string } {
  if (credentials.signingSecret) {
    const flat = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]));
    try {
      new Webhook(credentials.signingSecret).verify(rawBody, flat);
    } catch (error) {
      // The library parses the body as JSON once a signature matched: its SyntaxError means the
      // signature is good and the body is not JSON, which the receiver answers as a 400 of its own.
      if (!(error instanceof SyntaxError)) {
        const reason = error instanceof WebhookVerificationError ? error.message : 'invalid signature';
        throw new WebhookRejectedError(`Webhook signature not verified: ${reason}`, /timestamp too (old|new)/.test(reason) ? 'stale' : 'bad_signature');
      }
    }
    return { eventId: `whid-${String(flat['webhook-id'])}` };
  }
  if (!urlToken || !equalSecrets(urlToken, credentials.token)) throw new WebhookRejectedError('Webhook token missing or wrong');
  const webhookId = headers['webhook-id'];
  return { eventId: typeof webhookId === 'string' && webhookId ? `whid-${webhookId}` : `sha256-${createHash('sha256').update(rawBody).digest('hex')}` };
}
