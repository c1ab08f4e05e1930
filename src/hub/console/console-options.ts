import type session from 'express-session';
import type { ConsoleSettings } from './console-settings.js';

/** What the web process gives the console besides the hub's context (src/processes/start-web.ts). */
export interface ConsoleOptions {
  sessionStore: session.Store;
  /** The resolved cookie-signing secret (console-secret.ts). */
  sessionSecret: string;
  settings: ConsoleSettings;
  /** Redis key prefix of the sign-in rate limits. */
  rateLimitPrefix: string;
}
