import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db.js';
import { readHubSetting } from '../../settings/hub-settings.js';

const sessionSecretSetting = 'console_session_secret';

/** CONSOLE_SESSION_SECRET, or one generated once and kept in hub_settings so every process and restart agrees. */
export async function resolveConsoleSessionSecret(db: Db, configured: string | null): Promise<string> {
  if (configured) return configured;
  await db.hubSetting.createMany({
    data: [{ key: sessionSecretSetting, value: randomBytes(32).toString('base64url') }],
    skipDuplicates: true,
  });
  return (await readHubSetting(db, sessionSecretSetting)) as string;
}
