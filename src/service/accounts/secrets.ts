import { createHash, randomBytes } from 'node:crypto';

const apiKeyPrefix = 'cq_';

/** A new API key: "cq_" + 32 random bytes, base64url. Shown once; only its hash is stored. */
export function generateApiKey(): string {
  return `${apiKeyPrefix}${randomBytes(32).toString('base64url')}`;
}

/**
 * SHA-256 is the right hash here: keys carry 256 bits of randomness, so a slow password hash
 * would add latency to every request without adding safety.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The part of a key safe to show in listings, to tell keys apart. */
export function displayPrefix(key: string): string {
  return key.slice(0, apiKeyPrefix.length + 6);
}

/** A Standard Webhooks signing secret: "whsec_" + base64 of 32 random bytes. */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * A short fingerprint of a signing secret, safe to put in a page: it tells which secret a form
 * was loaded under (a rotation from that page is refused once the secret changed), and reveals
 * nothing of the secret (a hash of 256 random bits).
 */
export function signingSecretVersion(secret: string): string {
  return createHash('sha256').update(`convoqa signing secret version\n${secret}`, 'utf8').digest('hex').slice(0, 16);
}
