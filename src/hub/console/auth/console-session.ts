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
    flash: {
      kind: 'ok' | 'error';
      text: string;
      /** The id of the element the message is about (the fragment redirected to): a page that has it shows the message there, any other at the top. */
      at?: string;
      /** The text of a refused form, put back into it (the call view's note), so nothing typed is lost. */
      draft?: string;
    };
    /**
     * What the store read with the session in the same query, never written back: the row's
     * expiry and the session user's row as it is now (null if gone), for require-user.ts.
     */
    loaded: LoadedWithSession;
  }
}

export interface LoadedWithSession {
  expireMs: number;
  user: (ConsoleSessionUser & { isActive: boolean }) | null;
}

export const consoleCookieName = 'convoqa_console';

/** The expiry is written again only when it would move by more than this (rolling idle lifetime). */
export const touchGranularityMs = 60_000;

interface LoadedRow {
  sess: session.SessionData;
  expire_ms: string;
  user_id: string | null;
  email: string | null;
  name: string | null;
  role: string | null;
  is_active: boolean | null;
}

/**
 * connect-pg-simple on the hub's database; the table comes from the migrations, never created here.
 * Two changes to its per-request work, each saving a query: `get` reads the session and its user's
 * row in one query (require-user.ts needs the user on every request), and `touch` renews the row's
 * expiry only when it moves by more than a minute (so a burst of requests writes once, and the
 * idle lifetime is exact to a minute).
 */
export function createConsoleSessionStore(pool: pg.Pool, options: { pruneEverySeconds?: number | false } = {}): session.Store {
  const PgStore = connectPgSimple(session);
  const tableName = 'hub_console_sessions';
  class ConsoleSessionStore extends PgStore {
    override get(sid: string, callback: (err: unknown, sess?: session.SessionData | null) => void): void {
      pool
        .query<LoadedRow>({
          name: 'console_session_with_user',
          text: `SELECT s.sess, (extract(epoch FROM s.expire) * 1000)::bigint AS expire_ms, u.id AS user_id, u.email, u.name, u.role, u.is_active
           FROM ${tableName} s
           LEFT JOIN hub_console_users u ON u.id = CASE WHEN s.sess->'user'->>'id' ~* '^[0-9a-f-]{36}$' THEN (s.sess->'user'->>'id')::uuid END
           WHERE s.sid = $1 AND s.expire >= to_timestamp($2)`,
          values: [sid, Date.now() / 1000],
        })
        .then(({ rows: [row] }) => {
          if (!row) return callback(null, null);
          const user = row.user_id
            ? {
                id: row.user_id,
                email: row.email ?? '',
                name: row.name ?? '',
                role: row.role as ConsoleRole,
                isActive: row.is_active === true,
              }
            : null;
          callback(null, { ...row.sess, loaded: { expireMs: Number(row.expire_ms), user } });
        }, callback);
    }

    override set(sid: string, sess: session.SessionData, callback?: (err?: unknown) => void): void {
      const stored: Partial<session.SessionData> = { ...sess };
      delete stored.loaded;
      super.set(sid, stored as session.SessionData, callback);
    }

    override touch(sid: string, sess: session.SessionData, callback?: () => void): void {
      const expires = sess.cookie.expires ? new Date(sess.cookie.expires).getTime() : null;
      if (expires !== null && sess.loaded && Math.abs(expires - sess.loaded.expireMs) <= touchGranularityMs) {
        callback?.();
        return;
      }
      super.touch(sid, sess, callback);
    }
  }
  return new ConsoleSessionStore({
    pool,
    tableName,
    createTableIfMissing: false,
    pruneSessionInterval: options.pruneEverySeconds ?? 15 * 60,
  });
}

/**
 * express-session: an httpOnly, SameSite=Lax cookie scoped to /console, Secure when the console is
 * served over HTTPS (then behind a proxy, whose X-Forwarded-Proto is trusted for this only). The
 * idle lifetime rolls with every request (the row's expiry to the minute); sign-out and deactivation delete the row.
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
