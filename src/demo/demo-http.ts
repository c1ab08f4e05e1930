/**
 * How `npm run demo` talks to the running service: the admin API (bearer ADMIN_TOKEN) and, through
 * its `/admin/api/<operation>` proxy, the built-in API in the hub's own account, with no key to make.
 * Every call has a time-out; a failure becomes one DemoError sentence (no stack trace).
 */
import { setTimeout as sleep } from 'node:timers/promises';

export class DemoError extends Error {
  override name = 'DemoError';
}

export interface DemoHttp {
  baseUrl: string;
  /** GET or POST an admin route (`/transcriptions/<id>`); resolves to its `data`, or null on 404. */
  admin<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T | null>;
  /** An operation of the built-in API in the hub's account (`list-evaluators`); resolves to its `data`. */
  api<T>(operation: string, body?: Record<string, unknown>): Promise<T>;
}

const requestTimeoutMs = 30_000;

export function createDemoHttp(baseUrl: string, adminToken: string): DemoHttp {
  async function admin<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T | null> {
    const url = `${baseUrl}/admin${route}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${adminToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
    } catch (error) {
      const reason = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      throw new DemoError(
        `no answer from ${baseUrl} (${reason}): is the service started (npm start) with the same PORT / PUBLIC_BASE_URL?`,
      );
    }
    const text = await response.text();
    let parsed: { data?: T; error?: { code?: string; message?: string } } = {};
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      // Not JSON: reported below by status.
    }
    if (response.status === 404 && parsed.error?.code === 'not_found' && method === 'GET') return null;
    if (response.status === 401)
      throw new DemoError(
        `the admin API refused the token (401): run the demo with the service's ADMIN_TOKEN (from .env or the environment)`,
      );
    if (!response.ok) throw new DemoError(`${method} ${url} answered ${response.status}: ${parsed.error?.message ?? text.slice(0, 200)}`);
    return parsed.data as T;
  }
  return {
    baseUrl,
    admin,
    async api<T>(operation: string, body: Record<string, unknown> = {}): Promise<T> {
      const data = await admin<T>('POST', `/api/${operation}`, body);
      if (data === null) throw new DemoError(`${operation} answered nothing`);
      return data;
    },
  };
}

/** Asks `probe` every `everyMs` until it answers something, or fails with "timed out waiting for <what>". */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined>,
  { timeoutMs = 240_000, everyMs = 1_000 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== null && found !== undefined) return found;
    if (Date.now() > deadline) throw new DemoError(`timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}`);
    await sleep(everyMs);
  }
}
