import { Name } from '../../contract/common.js';
import type { Db } from '../../db.js';
import { AppError } from '../../lib/errors/app-error.js';
import { generateSigningSecret } from './secrets.js';

export const AccountName = Name(100);

export interface AccountRecord {
  id: string;
  name: string;
  webhookSecret: string;
  createdAt: Date;
}

export async function createAccount(db: Db, rawName: string): Promise<AccountRecord> {
  const parsed = AccountName.safeParse(rawName);
  if (!parsed.success) throw new AppError('invalid_value', `Invalid account name: ${parsed.error.issues[0]?.message}`);
  const name = parsed.data;
  const existing = await db.account.findUnique({ where: { name } });
  if (existing) throw new AppError('invalid_value', `An account named "${name}" already exists`);
  return db.account.create({ data: { name, webhookSecret: generateSigningSecret() } });
}
