import { AppError } from '../../lib/errors/app-error.js';
import type { ApiKeyCache } from '../accounts/api-key-cache.js';

/** The two request headers the API's authentication reads, as Node gives them (`req.headers`). */
export interface CredentialHeaders {
  'x-api-key'?: string | string[];
  authorization?: string | string[];
}

/**
 * The account of the request's x-api-key. 403 for a missing, wrong, deactivated or deleted key,
 * and for an Authorization header instead. Reads Node's header object (`req.headers`).
 */
export async function authenticate(apiKeys: ApiKeyCache, headers: CredentialHeaders): Promise<string> {
  const key = headers['x-api-key'];
  if (!key) {
    throw new AppError(
      'forbidden',
      headers.authorization
        ? 'The Authorization header is not accepted: send the API key in x-api-key'
        : 'Missing API key: send it in the x-api-key header',
    );
  }
  // Node gives it as one string: a repeated x-api-key is joined with ", ", which matches no key.
  const accountId = await apiKeys.resolve(String(key));
  if (!accountId) throw new AppError('forbidden', 'Invalid API key');
  return accountId;
}
