import { createHmac, timingSafeEqual } from 'node:crypto';

/** Slack's window: a request signed more than 5 minutes from now is refused. */
export const slackSignatureToleranceSeconds = 300;

export class SlackSignatureError extends Error {
  override name = 'SlackSignatureError';
}

/** Slack's request signature: `v0=` + hex HMAC-SHA256 of `v0:{timestamp}:{raw body}` with the signing secret. */
export function signSlackRequest(signingSecret: string, timestamp: number | string, rawBody: Buffer | string): string {
  return `v0=${createHmac('sha256', signingSecret)
    .update(`v0:${String(timestamp)}:`)
    .update(rawBody)
    .digest('hex')}`;
}

/**
 * Verifies a request from Slack on its raw body, before anything parses it: the timestamp within
 * 5 minutes of `now` (either way), then the signature, compared in constant time.
 */
export function verifySlackSignature(input: {
  rawBody: Buffer;
  timestamp: string | undefined;
  signature: string | undefined;
  signingSecret: string;
  now: Date;
}): void {
  if (!input.timestamp || !input.signature) throw new SlackSignatureError('Missing X-Slack-Request-Timestamp or X-Slack-Signature');
  if (!/^\d{1,12}$/.test(input.timestamp)) throw new SlackSignatureError('Malformed X-Slack-Request-Timestamp');
  const age = Math.abs(input.now.getTime() / 1000 - Number(input.timestamp));
  if (age > slackSignatureToleranceSeconds)
    throw new SlackSignatureError('Stale request: X-Slack-Request-Timestamp is more than 5 minutes away');
  const expected = Buffer.from(signSlackRequest(input.signingSecret, input.timestamp, input.rawBody));
  const given = Buffer.from(input.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new SlackSignatureError('Slack signature not verified');
}
