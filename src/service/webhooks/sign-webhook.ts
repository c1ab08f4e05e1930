import { signStandardWebhook } from '../../lib/webhooks/standard-webhook-signature.js';

/** The signing secrets of an account as stored: the current one and, during a rotation's overlap, the previous. */
export interface AccountSigningSecrets {
  webhookSecret: string;
  previousWebhookSecret: string | null;
  previousWebhookSecretExpiresAt: Date | null;
}

/** The account columns signWebhook needs (a Prisma select). */
export const signingSecretsSelect = { webhookSecret: true, previousWebhookSecret: true, previousWebhookSecretExpiresAt: true } as const;

/** The secrets that sign at `at`: the current one first, then the previous one until its expiry. */
export function activeSigningSecrets(account: AccountSigningSecrets, at: Date): string[] {
  const previous = account.previousWebhookSecret;
  const expiresAt = account.previousWebhookSecretExpiresAt;
  return previous && expiresAt && expiresAt.getTime() > at.getTime() ? [account.webhookSecret, previous] : [account.webhookSecret];
}

/**
 * The `webhook-signature` header: one `v1,<sig>` per active secret, space-separated (Standard
 * Webhooks lets a receiver accept any of several), so during a rotation's overlap a receiver
 * holding either secret verifies.
 */
export function signWebhook(account: AccountSigningSecrets, webhookId: string, at: Date, payload: string): string {
  return activeSigningSecrets(account, at)
    .map((secret) => signStandardWebhook(secret, webhookId, at, payload))
    .join(' ');
}
