import { randomBytes } from 'node:crypto';
import type { Db } from '../../db.js';
import { readHubSetting } from '../settings/hub-settings.js';
import type { ReceiverCredentials } from './verify-webhook.js';

const tokenSetting = 'webhook_token';

/**
 * The receiver's token: configured (HUB_WEBHOOK_TOKEN), or generated once and kept in
 * hub_settings so every process and restart uses the same (the first writer wins a race).
 */
export async function ensureWebhookToken(db: Db): Promise<string> {
  const stored = await readHubSetting(db, tokenSetting);
  if (stored) return stored;
  const token = randomBytes(24).toString('base64url');
  await db.hubSetting.createMany({ data: [{ key: tokenSetting, value: token }], skipDuplicates: true });
  return (await readHubSetting(db, tokenSetting)) ?? token;
}

/**
 * The receiver's credentials, resolved once per process: the signing secret (configured, or, in
 * the embedded default, the secret of the built-in account the hub's key belongs to) and the token.
 */
export function receiverCredentialsProvider(options: {
  db: Db;
  configuredSecret: string | null;
  configuredToken: string | null;
  /** Embedded default only: the built-in service's secret for the hub's own account. */
  embeddedSecret?: () => Promise<string | null>;
}): () => Promise<ReceiverCredentials> {
  let resolved: Promise<ReceiverCredentials> | undefined;
  return () => {
    resolved ??= (async () => ({
      signingSecret: options.configuredSecret ?? (options.embeddedSecret ? await options.embeddedSecret() : null),
      token: options.configuredToken ?? (await ensureWebhookToken(options.db)),
    }))().catch((error: unknown) => {
      resolved = undefined;
      throw error;
    });
    return resolved;
  };
}
