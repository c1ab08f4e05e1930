import type { Prisma } from '../../generated/prisma/client.js';

/**
 * Serialises an account's resource creations inside a transaction (row lock on the account),
 * so two concurrent creates can never both pass a "fewer than N" check.
 */
export async function lockAccount(tx: Prisma.TransactionClient, accountId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM svc_accounts WHERE id = ${accountId}::uuid FOR UPDATE`;
}
