import { LRUCache } from 'lru-cache';

/** One choice of a queue filter (an evaluator, a participant, a failed criterion) and how many calls it has. */
export interface Facet {
  id: string | null;
  label: string | null;
  count: number;
}

/** The queue's filter choices with their counts: evaluators, participants and failed criteria. */
export interface QueueChoices {
  evaluators: Facet[];
  participants: Facet[];
  criteria: Facet[];
}

/**
 * The queue's filter choices, kept per process for a few seconds per filter combination, so a page
 * (and the next one, and the same view reloaded) runs two queries instead of five. Only the
 * choices and their counts are cached, never the rows or the queue's counts: a stale entry can
 * delay a new evaluator, participant or criterion in a select list, or show a choice's count a
 * few seconds old, but never hides a row (queue-page.ts also keeps a selected choice that the list
 * does not have yet). Cleared by this process's own changes (group moves, verdicts, notes);
 * changes from the mirror (another process) show within the time-to-live.
 */
export class QueueChoicesCache {
  readonly #entries: LRUCache<string, Promise<QueueChoices>>;

  constructor(options: { ttlMs?: number; maxEntries?: number } = {}) {
    this.#entries = new LRUCache({ max: options.maxEntries ?? 200, ttl: options.ttlMs ?? 5_000, ttlAutopurge: false });
  }

  /** The cached choices for `key`, or `load()`'s (shared by concurrent requests; a failure is not kept). */
  get(key: string, load: () => Promise<QueueChoices>): Promise<QueueChoices> {
    const cached = this.#entries.get(key);
    if (cached) return cached;
    const loading = load();
    this.#entries.set(key, loading);
    loading.catch(() => {
      if (this.#entries.get(key) === loading) this.#entries.delete(key);
    });
    return loading;
  }

  clear(): void {
    this.#entries.clear();
  }
}
