import pg from 'pg';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db.js';
import { createConsoleSessionStore } from '../../hub/console/auth/console-session.js';
import { resolveConsoleSessionSecret } from '../../hub/console/auth/session-secret.js';
import type { ConsoleOptions } from '../../hub/console/console-options.js';

/** The console's session store and queue statements (on its own small pg pool) and cookie secret. */
export async function buildConsoleOptions(config: AppConfig, db: Db): Promise<{ options: ConsoleOptions; close: () => Promise<void> }> {
  const pool = new pg.Pool({
    connectionString: config.process.databaseUrl,
    max: 5,
    connectionTimeoutMillis: 10_000,
    statement_timeout: 10_000,
  });
  const store = createConsoleSessionStore(pool);
  const options: ConsoleOptions = {
    sessionStore: store,
    pool,
    sessionSecret: await resolveConsoleSessionSecret(db, config.console.sessionSecret),
    settings: config.console,
    rateLimitPrefix: `${config.process.queuePrefix}:console:signin:`,
  };
  return {
    options,
    close: async () => {
      await (store as unknown as { close(): Promise<void> }).close();
      await pool.end();
    },
  };
}
