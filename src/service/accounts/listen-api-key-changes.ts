import pg from 'pg';
import type { Logger } from 'pino';
import type { ApiKeyCache } from './api-key-cache.js';
import { apiKeyChangesChannel } from './api-keys.js';

/**
 * Keeps a PostgreSQL connection LISTENing for API key changes made by any process (admin API,
 * CLI) and clears this process's cache on each. While the connection is down the cache is cleared
 * and reconnection retried every second; the cache's own time-to-live still bounds staleness.
 * Returns stop().
 */
export function listenForApiKeyChanges(databaseUrl: string, cache: ApiKeyCache, logger: Logger): () => Promise<void> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
    const lost = (error?: unknown) => {
      if (client !== next) return;
      client = undefined;
      cache.clear();
      next.end().catch(() => undefined);
      if (stopped) return;
      logger.warn({ err: error }, 'API key change listener lost its connection; retrying in 1 s');
      retry = setTimeout(() => void connect(), 1_000);
    };
    client = next;
    next.on('notification', () => cache.clear());
    next.on('error', lost);
    next.on('end', () => lost());
    try {
      await next.connect();
      await next.query(`LISTEN ${apiKeyChangesChannel}`);
      // Changes made while not listening are not known: start from nothing.
      cache.clear();
    } catch (error) {
      lost(error);
    }
  };
  void connect();

  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = undefined;
    await current?.end().catch(() => undefined);
  };
}
