import { randomBytes } from 'node:crypto';
import { hashApiKey } from '../accounts/secrets.js';

/**
 * Upload URLs carry a 256-bit random token; only its SHA-256 is stored, with the expiry. That is
 * as unforgeable as an HMAC signature, needs no signing secret shared by the web processes, and
 * makes single use a row update.
 */
export function generateUploadToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashUploadToken(token) };
}

export const hashUploadToken = (token: string) => hashApiKey(token);
