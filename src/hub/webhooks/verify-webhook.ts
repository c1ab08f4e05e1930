import { createHash, timingSafeEqual } from 'node:crypto';
import { verifyStandardWebhook, WebhookSignatureError } from '../../lib/webhooks/standard-webhook-signature.js';

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

/** A repeated header arrives as an array: read joined, as the verifier always has. */
const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : value);

const equalSecrets = (a: string, b: string) => {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
};

/**
 * Verifies a webhook on its raw body, before anything parses it. With a signing secret: the
 * Standard Webhooks signature (HMAC-SHA256 of id.timestamp.body by node:crypto, compared in
 * constant time, 5-minute timestamp tolerance; standard-webhook-signature.ts). The body is not
 * parsed here: the receiver parses it once, after this. Without: the URL's token, compared in
 * constant time. Throws WebhookRejectedError when the webhook is not proven to come from the upstream.
 */
export function verifyWebhook(
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  urlToken: string | undefined,
  credentials: ReceiverCredentials,
): void {
  if (credentials.signingSecret) {
    const webhookId = headerText(headers['webhook-id']);
    try {
      verifyStandardWebhook(credentials.signingSecret, rawBody, {
        webhookId,
        timestamp: headerText(headers['webhook-timestamp']),
        signature: headerText(headers['webhook-signature']),
      });
    } catch (error) {
      const reason = error instanceof WebhookSignatureError ? error.message : 'invalid signature';
      throw new WebhookRejectedError(
        `Webhook signature not verified: ${reason}`,
        error instanceof WebhookSignatureError && error.isStale ? 'stale' : 'bad_signature',
      );
    }
    return;
  }
  if (!urlToken || !equalSecrets(urlToken, credentials.token)) throw new WebhookRejectedError('Webhook token missing or wrong');
}
