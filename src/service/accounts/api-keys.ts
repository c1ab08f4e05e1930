/** API keys are managed outside the API (spec, Authentication): by the CLI and the admin API. */
import type { Db } from '../../db.js';
import { Id } from '../../contract/common.js';
import { AppError } from '../../lib/errors/app-error.js';
import { displayPrefix, generateApiKey, hashApiKey } from './secrets.js';

export interface ApiKeySummary {
  id: string;
  accountId: string;
  name: string;
  prefix: string;
  isActive: boolean;
  createdAt: Date;
  deactivatedAt: Date | null;
}

const summaryFields = {
  id: true,
  accountId: true,
  name: true,
  prefix: true,
  isActive: true,
  createdAt: true,
  deactivatedAt: true,
} as const;

/** Creates a key; the returned `key` is the only time the secret exists outside its hash. */
export async function createApiKey(
  db: Db,
  accountId: string,
  rawName: string,
): Promise<{ key: string; apiKey: ApiKeySummary }> {
  const name = rawName.trim();
  if (!name || name.length > 100) throw new AppError('invalid_value', 'Invalid key name: must be 1 to 100 characters');
  const key = generateApiKey();
  const apiKey = await db.apiKey.create({
    data: { accountId, name, prefix: displayPrefix(key), hash: hashApiKey(key) },
    select: summaryFields,
  });
  return { key, apiKey };
}

export function listApiKeys(db: Db, accountId: string): Promise<ApiKeySummary[]> {
  return db.apiKey.findMany({ where: { accountId }, orderBy: { createdAt: 'asc' }, select: summaryFields });
}

async function requireKey(db: Db, keyId: string, accountId?: string): Promise<void> {
  // Key ids are UUIDs; anything else cannot name a key (and must not reach the database as one).
  if (!Id.safeParse(keyId).success) throw new AppError('not_found', `No API key ${keyId}: key ids are UUIDs, as keys:list shows them`);
  const found = await db.apiKey.findFirst({ where: { id: keyId, ...(accountId ? { accountId } : {}) }, select: { id: true } });
  if (!found) throw new AppError('not_found', `No API key ${keyId}`);
}

export async function deactivateApiKey(db: Db, keyId: string, accountId?: string): Promise<ApiKeySummary> {
  await requireKey(db, keyId, accountId);
  return db.apiKey.update({
    where: { id: keyId },
    data: { isActive: false, deactivatedAt: new Date() },
    select: summaryFields,
  });
}

export async function deleteApiKey(db: Db, keyId: string, accountId?: string): Promise<void> {
  await requireKey(db, keyId, accountId);
  await db.apiKey.delete({ where: { id: keyId } });
}

/** The account an active key belongs to, or null for a wrong, deactivated or deleted key. */
export async function authenticateApiKey(db: Db, key: string): Promise<string | null> {
  if (key.length > 200) return null;
  const found = await db.apiKey.findUnique({ where: { hash: hashApiKey(key) }, select: { accountId: true, isActive: true } });
  return found?.isActive ? found.accountId : null;
}
