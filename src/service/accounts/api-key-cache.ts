import type { Db } from '../../db.js';
import { apiKeyChangeGeneration, authenticateApiKey } from './api-keys.js';
import { hashApiKey } from './secrets.js';

interface Entry {
  accountId: string | null;
  /** When the database read that produced it started: staleness is counted from there. */
  readAt: number;
  /** apiKeyChangeGeneration() when the read started; a local change since then voids it. */
  generation: number;
}

/**
 * Resolves API keys without a database round trip per request. Each process keeps what it read
 * for at most `ttlMs` (≤ 1 s), counted from when the read started, so a key deactivated or
 * deleted anywhere answers 403 on every process within that time even if every notification is
 * lost. Changes made in this process void the cache at once (apiKeyChangeGeneration), and other
 * processes' changes arrive within milliseconds through PostgreSQL NOTIFY
 * (listen-api-key-changes.ts calls clear()). Concurrent misses of one key share one read.
 */
export class ApiKeyCache {
  private entries = new Map<string, Entry>();
  private inFlight = new Map<string, Promise<string | null>>();
  /** Bumped by clear(): a read that started before a clear is not stored. */
  private epoch = 0;

  constructor(
    private readonly db: Db,
    private readonly options: { ttlMs: number; maxEntries?: number; now?: () => number },
  ) {}

  /** The account an active key belongs to, or null for a wrong, deactivated or deleted key. */
  async resolve(key: string): Promise<string | null> {
    if (key.length > 200) return null;
    const hash = hashApiKey(key);
    const now = (this.options.now ?? Date.now)();
    const entry = this.entries.get(hash);
    if (entry && now - entry.readAt < this.options.ttlMs && entry.generation === apiKeyChangeGeneration()) return entry.accountId;
    const pending = this.inFlight.get(hash);
    if (pending) return pending;
    const read = this.read(hash, now).finally(() => this.inFlight.delete(hash));
    this.inFlight.set(hash, read);
    return read;
  }

  /** Forgets everything (a key changed in another process, or the notifications were interrupted). */
  clear(): void {
    this.epoch += 1;
    this.entries.clear();
    this.inFlight.clear();
  }

  private async read(hash: string, readAt: number): Promise<string | null> {
    const epoch = this.epoch;
    const generation = apiKeyChangeGeneration();
    const accountId = await authenticateApiKey(this.db, { hash });
    if (this.options.ttlMs > 0 && epoch === this.epoch) {
      if (this.entries.size >= (this.options.maxEntries ?? 10_000)) this.entries.clear();
      this.entries.set(hash, { accountId, readAt, generation });
    }
    return accountId;
  }
}
