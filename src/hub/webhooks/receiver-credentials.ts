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
 * Where the receiver gets its credentials. `refresh`, when there is one, drops what was resolved
 * so the next call reads it again (a secret rotated meanwhile); it answers false when it did
 * nothing (refreshed too recently, or nothing to refresh).
 */
export type ReceiverCredentialsSource = (() => Promise<ReceiverCredentials>) & { refresh?: () => boolean };

/**
 * The receiver's credentials, resolved once per process (again after a signature fails, at most
 * every 5 s, when the secret is the embedded one, which a rotation changes): the signing secret (configured, or, in
 * the embedded default, the secret of the built-in account the hub's key belongs to) and the token.
 */
export function receiverCredentialsProvider(options: {
  db: Db;
  configuredSecret: string | null;
  configuredToken: string | null;
  /** Embedded default only: the built-in service's secret for the hub's own account. */
  embeddedSecret?: () => Promise<string | null>;
  /** At most one re-read of the embedded secret per this many ms, however many webhooks fail to verify. Default 5 s. */
  refreshIntervalMs?: number;
}): ReceiverCredentialsSource {
  const refreshIntervalMs = options.refreshIntervalMs ?? 5_000;
  let resolved: Promise<ReceiverCredentials> | undefined;
  let resolvedAt = 0;
  const source: ReceiverCredentialsSource = () => {
    if (!resolved) resolvedAt = Date.now();
    resolved ??= (async () => ({
      signingSecret: options.configuredSecret ?? (options.embeddedSecret ? await options.embeddedSecret() : null),
      token: options.configuredToken ?? (await ensureWebhookToken(options.db)),
    }))().catch((error: unknown) => {
      resolved = undefined;
      throw error;
    });
    return resolved;
  };
  if (!options.configuredSecret && options.embeddedSecret) {
    source.refresh = () => {
      if (!resolved || Date.now() - resolvedAt < refreshIntervalMs) return false;
      resolved = undefined;
      return true;
    };
  }
  return source;
}
