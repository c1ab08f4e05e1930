/** API keys are managed outside the API (spec, Authentication): by the CLI and the admin API. */
import { Name } from '../../contract/common.js';
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

/** A key's name: the admin text rule (trimmed, 1 to 100 characters, no control characters). */
export const KeyName = Name(100);

/** Creates a key; the returned `key` is the only time the secret exists outside its hash. */
export async function createApiKey(db: Db, accountId: string, rawName: string): Promise<{ key: string; apiKey: ApiKeySummary }> {
  const parsed = KeyName.safeParse(rawName);
  if (!parsed.success) throw new AppError('invalid_value', `Invalid key name: ${parsed.error.issues[0]?.message}`);
  const name = parsed.data;
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

/** The PostgreSQL NOTIFY channel on which key changes reach every web process's ApiKeyCache. */
export const apiKeyChangesChannel = 'convoqa_api_key_changes';

let changeGeneration = 0;
/** Bumped by every key change made in this process: ApiKeyCache drops what it read before. */
export const apiKeyChangeGeneration = (): number => changeGeneration;

/** After a key is deactivated or deleted: this process's caches at once, the others by NOTIFY. */
async function announceKeyChange(db: Db, keyId: string): Promise<void> {
  changeGeneration += 1;
  await db.$executeRaw`SELECT pg_notify(${apiKeyChangesChannel}, ${keyId})`;
}

export async function deactivateApiKey(db: Db, keyId: string, accountId?: string): Promise<ApiKeySummary> {
  await requireKey(db, keyId, accountId);
  const updated = await db.apiKey.update({
    where: { id: keyId },
    data: { isActive: false, deactivatedAt: new Date() },
    select: summaryFields,
  });
  await announceKeyChange(db, keyId);
  return updated;
}

export async function deleteApiKey(db: Db, keyId: string, accountId?: string): Promise<void> {
  await requireKey(db, keyId, accountId);
  await db.apiKey.delete({ where: { id: keyId } });
  await announceKeyChange(db, keyId);
}

/** The account an active key (or its hash) belongs to, or null for a wrong, deactivated or deleted key. */
export async function authenticateApiKey(db: Db, key: string | { hash: string }): Promise<string | null> {
  if (typeof key === 'string' && key.length > 200) return null;
  const hash = typeof key === 'string' ? hashApiKey(key) : key.hash;
  const found = await db.apiKey.findUnique({ where: { hash }, select: { accountId: true, isActive: true } });
  return found?.isActive ? found.accountId : null;
}
