import type { Db } from '../../db.js';
import { AppError } from '../../lib/errors/app-error.js';
import { generateSigningSecret, signingSecretVersion } from './secrets.js';

const rotatedMeanwhile = () => new AppError('conflict', 'The signing secret was rotated meanwhile; look at the account and try again');

/** Longest overlap a rotation may keep the old secret signing. */
export const maxRotationOverlapMs = 30 * 86_400_000;

/**
 * Rotates an account's webhook signing secret. For `overlapMs` the previous secret still signs
 * (every webhook carries both signatures), so a receiver can switch at any moment in the window;
 * after it only the new one does. Overlap 0 drops the old secret at once. A rotation during an
 * overlap drops the oldest secret: at most two sign. With `fromVersion` (the console's form, the
 * signingSecretVersion of the secret it was loaded under), a secret rotated since is not rotated
 * again: a double-click would otherwise replace the old secret every receiver holds with one
 * nobody saw, ending the overlap at once (docs/console-deliveries.md).
 */
export async function rotateWebhookSecret(db: Db, accountId: string, overlapMs: number, now: Date, fromVersion?: string) {
  if (!Number.isInteger(overlapMs) || overlapMs < 0 || overlapMs > maxRotationOverlapMs) {
    throw new AppError('invalid_value', 'Invalid overlap: between 0 and 30 days');
  }
  const account = await db.account.findUnique({ where: { id: accountId }, select: { webhookSecret: true } });
  if (!account) throw new AppError('not_found', `No account ${accountId}`);
  if (fromVersion !== undefined && signingSecretVersion(account.webhookSecret) !== fromVersion) throw rotatedMeanwhile();
  // Conditional on the secret read: two rotations at once cannot both keep the same old secret.
  const { count } = await db.account.updateMany({
    where: { id: accountId, webhookSecret: account.webhookSecret },
    data: {
      webhookSecret: generateSigningSecret(),
      previousWebhookSecret: overlapMs > 0 ? account.webhookSecret : null,
      previousWebhookSecretExpiresAt: overlapMs > 0 ? new Date(now.getTime() + overlapMs) : null,
    },
  });
  if (count === 0) throw rotatedMeanwhile();
  return db.account.findUniqueOrThrow({
    where: { id: accountId },
    select: { id: true, name: true, webhookSecret: true, previousWebhookSecret: true, previousWebhookSecretExpiresAt: true },
  });
}
