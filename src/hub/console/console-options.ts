import type session from 'express-session';
import type pg from 'pg';
import type { ConsoleSettings } from './console-settings.js';
import type { CallRecordings } from './pages/call/recording/call-recordings.js';
import type { OutgoingDeliveries } from './pages/deliveries/outgoing-deliveries.js';

/** What the web process gives the console besides the hub's context (src/processes/web/start-web.ts). */
export interface ConsoleOptions {
  sessionStore: session.Store;
  /** The console's own bare pg pool (the session store's): the queue's statements run on it, without Prisma's overhead per query. */
  pool: pg.Pool;
  /** The resolved cookie-signing secret (console-secret.ts). */
  sessionSecret: string;
  settings: ConsoleSettings;
  /** Redis key prefix of the sign-in rate limits. */
  rateLimitPrefix: string;
  /**
   * The built-in service's outgoing webhook deliveries (src/embedded/console-deliveries.ts), given
   * only when the built-in service runs in this process; without it the Deliveries page says so.
   */
  deliveries?: OutgoingDeliveries;
  /**
   * Where the call view's player gets recordings (src/embedded/console-recordings.ts), given only
   * when the hub's upstream is the built-in service; without it the call view says why there is
   * nothing to play (docs/console.md, "The recording").
   */
  recordings?: CallRecordings;
}
