import type { Db } from '../../db.js';
import { AppError } from '../../lib/errors/app-error.js';
import { Id } from '../../contract/common.js';
import type { AccountRecord } from './create-account.js';

/** An account by its id or its name (the CLI and admin API accept either). */
export async function findAccount(db: Db, idOrName: string): Promise<AccountRecord> {
  const account = Id.safeParse(idOrName).success
    ? await db.account.findUnique({ where: { id: idOrName } })
    : await db.account.findUnique({ where: { name: idOrName.trim() } });
  if (!account) throw new AppError('not_found', `No account "${idOrName}"`);
  return account;
}

export async function listAccounts(db: Db): Promise<AccountRecord[]> {
  return db.account.findMany({ orderBy: { createdAt: 'asc' } });
}
