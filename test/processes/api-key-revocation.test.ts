import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, deactivateApiKey, deleteApiKey } from '../../src/service/accounts/api-keys.js';
import { createHarness, type Harness, type TestAccount } from '../support/harness.js';
import { startWebProcess, type ChildService } from '../support/processes.js';

/**
 * Web processes answer from a per-process API key cache (api-key-cache.ts). A key deactivated or
 * deleted elsewhere must answer 403 on every process within one second: by NOTIFY normally, and by
 * the cache's time-to-live when no notification comes (a change written straight to the table).
 */
let h: Harness;
let account: TestAccount;
let configurationId: string;
let processes: (ChildService & { baseUrl: string })[] = [];

beforeAll(async () => {
  h = createHarness();
  account = await h.createAccount();
  configurationId = (await account.call('create-configuration', { tag: 'revocation' })).body.data.configuration.configuration_id;
  processes = await Promise.all([startWebProcess({ RATE_LIMIT_SCALE: '1000' }), startWebProcess({ RATE_LIMIT_SCALE: '1000' })]);
});

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await h.close();
});

const statusOf = async (baseUrl: string, key: string) => {
  const res = await fetch(`${baseUrl}/api/get-configuration`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ configuration_id: configurationId }),
  });
  await res.arrayBuffer();
  return res.status;
};

/**
 * Keeps calling every process with the key (so each holds it in its cache), runs `revoke`, and
 * returns, per process, the ms from the start of revoke to its first 403 (the stricter measure),
 * checking that nothing but 200 came before and nothing but 403 after.
 */
async function timeToRefusal(key: string, revoke: () => Promise<void>): Promise<number[]> {
  for (const p of processes) expect(await statusOf(p.baseUrl, key)).toBe(200);
  const revocation: { startedAt?: number } = {};
  const watch = async (baseUrl: string) => {
    for (;;) {
      const status = await statusOf(baseUrl, key);
      const { startedAt } = revocation;
      if (status === 403 && startedAt !== undefined) {
        const elapsed = Date.now() - startedAt;
        for (let i = 0; i < 5; i += 1) expect(await statusOf(baseUrl, key)).toBe(403);
        return elapsed;
      }
      expect(status).toBe(200);
      if (startedAt !== undefined && Date.now() - startedAt > 5_000) return Number.POSITIVE_INFINITY;
    }
  };
  const watching = processes.map((p) => watch(p.baseUrl));
  await new Promise((r) => setTimeout(r, 300)); // both hot, answering from their caches
  revocation.startedAt = Date.now();
  await revoke();
  return Promise.all(watching);
}

describe('API key revocation across two web processes', () => {
  it('a key deactivated through the service answers 403 on both within one second', async () => {
    const { key, apiKey } = await createApiKey(h.db, account.id, 'deactivate me');
    const elapsed = await timeToRefusal(key, async () => void (await deactivateApiKey(h.db, apiKey.id)));
    for (const ms of elapsed) expect(ms).toBeLessThan(1_000);
  });

  it('a deleted key answers 403 on both within one second', async () => {
    const { key, apiKey } = await createApiKey(h.db, account.id, 'delete me');
    const elapsed = await timeToRefusal(key, () => deleteApiKey(h.db, apiKey.id));
    for (const ms of elapsed) expect(ms).toBeLessThan(1_000);
  });

  it('without any notification (a change written straight to the table) still within one second', async () => {
    const { key, apiKey } = await createApiKey(h.db, account.id, 'silently deactivated');
    const elapsed = await timeToRefusal(key, async () => {
      await h.db.$executeRaw`UPDATE svc_api_keys SET is_active = false WHERE id = ${apiKey.id}::uuid`;
    });
    for (const ms of elapsed) expect(ms).toBeLessThan(1_000);
  });

  it('other keys of the account keep working on both', async () => {
    for (const p of processes) expect(await statusOf(p.baseUrl, account.key)).toBe(200);
  });
});
