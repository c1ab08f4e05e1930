/** The hub's key/value settings (hub_settings). */
import type { Db } from '../../db.js';

/** A Prisma client or an interactive transaction's. */
export type SettingsDb = Pick<Db, 'hubSetting'>;

export const hubSettingKeys = {
  /** The API key the hub provisioned for itself on the built-in service (plain text, see schema.prisma). */
  upstreamApiKey: 'upstream_api_key',
} as const;

export async function readHubSetting(db: SettingsDb, key: string): Promise<string | null> {
  const row = await db.hubSetting.findUnique({ where: { key }, select: { value: true } });
  return row?.value ?? null;
}

/** Stores a value under a key that must not exist yet (the primary key refuses a second writer). */
export async function insertHubSetting(db: SettingsDb, key: string, value: string): Promise<void> {
  await db.hubSetting.create({ data: { key, value } });
}
