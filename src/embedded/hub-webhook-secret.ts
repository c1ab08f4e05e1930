/**
 * Embedded default: the built-in service signs its webhooks with the secret of the account whose
 * configuration it is; the hub's configurations belong to the account of the hub's own key, so
 * the receiver verifies with that account's secret.
 */
import type { Db } from '../db.js';
import { authenticateApiKey } from '../service/accounts/api-keys.js';

export async function embeddedWebhookSecret(db: Db, hubApiKey: () => Promise<string>): Promise<string | null> {
  const accountId = await authenticateApiKey(db, await hubApiKey());
  if (!accountId) return null;
  const account = await db.account.findUnique({ where: { id: accountId }, select: { webhookSecret: true } });
  return account?.webhookSecret ?? null;
}
