/**
 * Embedded mode: when the hub's upstream is this deployment's own API and no UPSTREAM_API_KEY is
 * configured, the hub gives itself a key there on first start: an account named `default`
 * (created when missing) and an API key named `hub`, kept in hub_settings so every later start
 * and every other process reuses it.
 */
import type { Logger } from 'pino';
import type { Db } from '../db.js';
import { isAppError } from '../lib/errors/app-error.js';
import { hubSettingKeys, insertHubSetting, readHubSetting } from '../hub/settings/hub-settings.js';
import { createApiKey } from '../service/accounts/api-keys.js';
import { createAccount, type AccountRecord } from '../service/accounts/create-account.js';
import { findAccount } from '../service/accounts/find-account.js';

export interface HubKeyNames {
  account: string;
  key: string;
  /** The hub_settings key it is stored under. */
  setting: string;
}

export const defaultHubKeyNames: HubKeyNames = { account: 'default', key: 'hub', setting: hubSettingKeys.upstreamApiKey };

async function findOrCreateAccount(db: Db, name: string): Promise<AccountRecord> {
  try {
    return await findAccount(db, name);
  } catch (error) {
    if (isAppError(error) && error.code === 'not_found') return createAccount(db, name);
    throw error;
  }
}

/**
 * The hub's key on the built-in service, provisioned once. Processes starting together are
 * serialised by a transaction-scoped advisory lock; the stored row's primary key would refuse a
 * second writer anyway. The account and key are created on the main client (committed at once)
 * while the locking transaction waits, so a crash in between leaves at most an unused `hub` key.
 */
export async function ensureHubApiKey(db: Db, logger: Logger, names: HubKeyNames = defaultHubKeyNames): Promise<string> {
  const stored = await readHubSetting(db, names.setting);
  if (stored) return stored;
  return db.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`convoqa:hub-setting:${names.setting}`}))::text`;
      const storedMeanwhile = await readHubSetting(tx, names.setting);
      if (storedMeanwhile) return storedMeanwhile;
      const account = await findOrCreateAccount(db, names.account);
      const { key, apiKey } = await createApiKey(db, account.id, names.key);
      await insertHubSetting(tx, names.setting, key);
      logger.info(
        { account: account.name, accountId: account.id, keyName: apiKey.name, keyId: apiKey.id },
        "provisioned the hub's API key on the built-in service",
      );
      return key;
    },
    { maxWait: 15_000, timeout: 15_000 },
  );
}
