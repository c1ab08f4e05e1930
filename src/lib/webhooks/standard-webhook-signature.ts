import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com) with node:crypto: HMAC-SHA256 of
 * `<webhook-id>.<webhook-timestamp>.<raw body>` under the secret (`whsec_` + base64), sent as
 * `v1,<base64 digest>`, several space-separated. The outcomes and messages are those of the
 * `standardwebhooks` library this replaced (the tests verify against it), without its JavaScript
 * SHA-256 and without its JSON.parse of the body.
 */

/** Seconds a timestamp may be off from now, either way. */
export const webhookToleranceSeconds = 5 * 60;

const secretPrefix = 'whsec_';
const canonicalBase64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Why a signature was not accepted; `stale` when the timestamp is outside the tolerance. */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
  constructor(
    message: string,
    readonly isStale = false,
  ) {
    super(message);
  }
}

// Decoded keys, by secret: a process sees one or two secrets (a rotation), so a small map suffices.
const keys = new Map<string, Buffer>();

function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (key) return key;
  const encoded = secret.startsWith(secretPrefix) ? secret.slice(secretPrefix.length) : secret;
  // Strict base64, as the library decoded it: Buffer.from would silently skip bad characters.
  if (!canonicalBase64.test(encoded)) throw new WebhookSignatureError('invalid signature');
  key = Buffer.from(encoded, 'base64');
  if (key.length === 0) throw new WebhookSignatureError('invalid signature');
  if (keys.size >= 16) keys.clear();
  keys.set(secret, key);
  return key;
}

function digest(secret: string, webhookId: string, timestampSeconds: number, payload: Buffer | string): string {
  return createHmac('sha256', keyOf(secret)).update(`${webhookId}.${timestampSeconds}.`).update(payload).digest('base64');
}

/** The `v1,<signature>` of one secret. */
export function signStandardWebhook(secret: string, webhookId: string, at: Date, payload: string): string {
  return `v1,${digest(secret, webhookId, Math.floor(at.getTime() / 1000), payload)}`;
}

export interface StandardWebhookHeaders {
  webhookId: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
}

/**
 * Checks the headers and the signature over the raw body bytes; throws WebhookSignatureError with
 * the library's messages: "Missing required headers", "Invalid Signature Headers", "Message
 * timestamp too old" / "too new" (stale), "No matching signature found".
 */
export function verifyStandardWebhook(secret: string, rawBody: Buffer, headers: StandardWebhookHeaders, nowMs = Date.now()): void {
  const { webhookId, timestamp: timestampHeader, signature } = headers;
  if (!signature || !webhookId || !timestampHeader) throw new WebhookSignatureError('Missing required headers');
  const now = Math.floor(nowMs / 1000);
  const timestamp = Number.parseInt(timestampHeader, 10);
  if (Number.isNaN(timestamp)) throw new WebhookSignatureError('Invalid Signature Headers');
  if (now - timestamp > webhookToleranceSeconds) throw new WebhookSignatureError('Message timestamp too old', true);
  if (timestamp > now + webhookToleranceSeconds) throw new WebhookSignatureError('Message timestamp too new', true);
  const expected = Buffer.from(digest(secret, webhookId, timestamp, rawBody));
  for (const versioned of signature.split(' ')) {
    const [version, candidate] = versioned.split(',');
    if (version !== 'v1' || candidate === undefined) continue;
    const given = Buffer.from(candidate);
    // Lengths are public (a SHA-256 digest in base64 is 44 characters); the bytes are compared in constant time.
    if (given.length === expected.length && timingSafeEqual(given, expected)) return;
  }
  throw new WebhookSignatureError('No matching signature found');
}
