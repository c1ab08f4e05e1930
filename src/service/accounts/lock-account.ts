import type { Prisma } from '../../generated/prisma/client.js';

/**
 * Serialises an account's resource creations inside a transaction (row lock on the account),
 * so two concurrent creates can never both pass a "fewer than N" check. FOR NO KEY UPDATE, not FOR
 * UPDATE: two of these still wait for each other, but a foreign-key check on the account (a worker
 * writing the account's status counts or day and hour stats) does not, so neither waits on the other's rows
 * while holding its own (the two orders deadlocked concurrent submits and completions).
 */
export async function lockAccount(tx: Prisma.TransactionClient, accountId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM svc_accounts WHERE id = ${accountId}::uuid FOR NO KEY UPDATE`;
}
