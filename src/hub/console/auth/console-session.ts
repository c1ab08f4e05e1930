import connectPgSimple from 'connect-pg-simple';
import type { RequestHandler } from 'express';
import session from 'express-session';
import type pg from 'pg';
import type { ConsoleRole } from '../users/console-user.js';

/** What a console session holds (in hub_console_sessions.sess). */
export interface ConsoleSessionUser {
  id: string;
  email: string;
  name: string;
  role: ConsoleRole;
}

declare module 'express-session' {
  interface SessionData {
    user: ConsoleSessionUser;
    /** The synchronizer token every state-changing request must send back (csrf.ts). */
    csrfToken: string;
    /** Epoch ms of sign-in: the absolute lifetime counts from here. */
    signedInAt: number;
    /** One message for the next page (a bulk move's outcome, an error). */
    flash: { kind: 'ok' | 'error'; text: string };
  }
}

export const consoleCookieName = 'convoqa_console';

/** connect-pg-simple on the hub's database; the table comes from the migrations, never created here. */
export function createConsoleSessionStore(pool: pg.Pool, options: { pruneEverySeconds?: number | false } = {}): session.Store {
  const PgStore = connectPgSimple(session);
  return new PgStore({ pool, tableName: 'hub_console_sessions', createTableIfMissing: false, pruneSessionInterval: options.pruneEverySeconds ?? 15 * 60 });
}

/**
 * express-session: an httpOnly, SameSite=Lax cookie scoped to /console, Secure when the console is
 * served over HTTPS (then behind a proxy, whose X-Forwarded-Proto is trusted for this only). The
 * idle lifetime rolls with every request; sign-out and deactivation delete the row.
 */
export function consoleSession(options: { store: session.Store; secret: string; idleMinutes: number; secure: boolean }): RequestHandler {
  return session({
    name: consoleCookieName,
    secret: options.secret,
    store: options.store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    proxy: options.secure,
    cookie: { httpOnly: true, sameSite: 'lax', secure: options.secure, path: '/console', maxAge: options.idleMinutes * 60_000 },
  });
}
