import { randomBytes } from 'node:crypto';
import type { Db } from '../../db.js';
import { readHubSetting } from '../settings/hub-settings.js';

const adminTokenSetting = 'admin_token';

/**
 * The admin API's bearer token: ADMIN_TOKEN when configured; otherwise (the embedded default)
 * generated once and kept in hub_settings, so it survives restarts and every process agrees.
 * The process that starts the web server prints it.
 */
export async function ensureAdminToken(db: Db, configured: string | null): Promise<{ token: string; generated: boolean }> {
  if (configured) return { token: configured, generated: false };
  const stored = await readHubSetting(db, adminTokenSetting);
  if (stored) return { token: stored, generated: true };
  await db.hubSetting.createMany({
    data: [{ key: adminTokenSetting, value: `cqa_${randomBytes(24).toString('base64url')}` }],
    skipDuplicates: true,
  });
  return { token: (await readHubSetting(db, adminTokenSetting)) as string, generated: true };
}
