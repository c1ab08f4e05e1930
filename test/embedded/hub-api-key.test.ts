/**
 * Embedded mode: the hub provisions its own key on the built-in service once, even when several
 * processes start together, and its client works with it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createDb, type Db } from '../../src/db.js';
import { ensureHubApiKey, type HubKeyNames } from '../../src/embedded/hub-api-key.js';
import { createUpstreamClient } from '../../src/embedded/upstream-client.js';
import { createLogger } from '../../src/logger.js';
import { authenticateApiKey } from '../../src/service/accounts/api-keys.js';
import { serveBuiltIn } from '../hub/client/support.js';
import { createHarness, testDatabaseUrl, type Harness } from '../support/harness.js';

const logger = createLogger({ level: 'silent' });
let h: Harness;
let otherProcessDb: Db;
beforeAll(() => {
  h = createHarness();
  otherProcessDb = createDb(testDatabaseUrl, { maxConnections: 3 });
});
afterAll(async () => {
  await otherProcessDb.$disconnect();
  await h.close();
});

/** Fresh names, so the test does not depend on what an earlier run left in the database. */
const freshNames = (): HubKeyNames => {
  const id = randomUUID().slice(0, 8);
  return { account: `default-${id}`, key: 'hub', setting: `test_upstream_api_key_${id}` };
};

describe('ensureHubApiKey', () => {
  it('creates the account and a `hub` key once, stores it, and returns the same key ever after', async () => {
    const names = freshNames();
    const key = await ensureHubApiKey(h.db, logger, names);
    expect(key).toMatch(/^cq_/);
    const account = await h.db.account.findUniqueOrThrow({ where: { name: names.account }, include: { apiKeys: true } });
    expect(account.apiKeys.map((k) => k.name)).toEqual(['hub']);
    expect(await authenticateApiKey(h.db, key)).toBe(account.id);
    expect(await h.db.hubSetting.findUnique({ where: { key: names.setting } })).toMatchObject({ value: key });
    expect(await ensureHubApiKey(h.db, logger, names)).toBe(key);
  });

  it('reuses an account of that name that already exists', async () => {
    const names = freshNames();
    const existing = await h.db.account.create({ data: { name: names.account, webhookSecret: 'whsec_test' } });
    const key = await ensureHubApiKey(h.db, logger, names);
    expect(await authenticateApiKey(h.db, key)).toBe(existing.id);
  });

  it('provisions exactly one key when processes start together', async () => {
    const names = freshNames();
    const keys = await Promise.all([h.db, otherProcessDb, h.db, otherProcessDb].map((db) => ensureHubApiKey(db, logger, names)));
    expect(new Set(keys).size).toBe(1);
    const account = await h.db.account.findUniqueOrThrow({ where: { name: names.account }, include: { apiKeys: true } });
    expect(account.apiKeys).toHaveLength(1);
  });
});

describe('the hub client of a runtime', () => {
  it("defaults to this deployment's own API, provisions its key there, and calls it", async () => {
    const service = await serveBuiltIn(h);
    try {
      const origin = new URL(service.baseUrl).origin;
      const config = loadConfig({ PUBLIC_BASE_URL: origin });
      expect(config.upstream).toEqual({ baseUrl: `${origin}/api`, apiKey: null, timeoutMs: 30_000, isBuiltIn: true });
      const client = await createUpstreamClient({ config, db: h.db, redis: h.redis, logger });
      const stored = await h.db.hubSetting.findUniqueOrThrow({ where: { key: 'upstream_api_key' } });
      const account = await h.db.account.findUniqueOrThrow({ where: { name: 'default' } });
      expect(await authenticateApiKey(h.db, stored.value)).toBe(account.id);
      expect(await client.listParticipants()).toMatchObject({ count: expect.any(Number) });
    } finally {
      await service.close();
    }
  });

  it('needs UPSTREAM_API_KEY for any other upstream, and uses it as given', async () => {
    const external = loadConfig({ UPSTREAM_BASE_URL: 'https://api.vendor.example/' });
    expect(external.upstream).toMatchObject({ baseUrl: 'https://api.vendor.example', apiKey: null, isBuiltIn: false });
    await expect(createUpstreamClient({ config: external, db: h.db, redis: h.redis, logger })).rejects.toThrow(ConfigError);
    await expect(createUpstreamClient({ config: external, db: h.db, redis: h.redis, logger })).rejects.toThrow(/UPSTREAM_API_KEY/);

    const configured = loadConfig({
      UPSTREAM_BASE_URL: 'https://api.vendor.example',
      UPSTREAM_API_KEY: 'vendor-key',
      UPSTREAM_TIMEOUT_MS: '5000',
    });
    expect(configured.upstream).toEqual({ baseUrl: 'https://api.vendor.example', apiKey: 'vendor-key', timeoutMs: 5000, isBuiltIn: false });
    const client = await createUpstreamClient({ config: configured, db: h.db, redis: h.redis, logger });
    expect(client.baseUrl).toBe('https://api.vendor.example');
  });
});
