/**
 * get-configuration reads its row as a prepared pg statement (get-configuration.ts); the answer
 * must be byte-identical to the one built from Prisma's model, as before: checked on
 * configurations of every shape, and on the same row through a client without a bare pool.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toConfigurationWire } from '../../src/service/configurations/configuration-wire.js';
import { findConfiguration } from '../../src/service/configurations/find-configuration.js';
import { createHarness, errorBody, type Harness } from '../support/harness.js';

let h: Harness;
beforeAll(() => {
  h = createHarness();
});
afterAll(() => h.close());

const bodies = [
  { tag: 'Minimal' },
  {
    tag: 'Inbound sales ✓ "quoted"',
    vocabulary: ['Acme', 'SKU', 'Ünïcødé', 'a,b', '{braces}', 'NULL'],
    extraction_fields: [
      { name: 'order_id', type: 'string', description: 'The order number' },
      { name: 'amount', type: 'number', description: 'Order total 1e3 \u2028 \\ "x"' },
    ],
    webhooks: { success_url: 'https://hooks.example.com/ok?x=1&y=2', error_url: 'https://hooks.example.com/err' },
    summary: true,
    custom_summary: 'Focus on the customer request',
    summary_language: 'en',
    analytics_language: 'es',
  },
  { tag: 'No custom summary', summary: true, vocabulary: [] },
];

describe('get-configuration through a prepared statement', () => {
  it('answers byte for byte what the Prisma model gave', async () => {
    const account = await h.createAccount();
    for (const body of bodies) {
      const created = await account.call('create-configuration', body);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.data.configuration.configuration_id as string;
      const res = await account.call('get-configuration', { configuration_id: id.toUpperCase() });
      expect(res.status).toBe(200);
      const fromModel = JSON.stringify({ data: { configuration: toConfigurationWire(await findConfiguration(h.db, account.id, id)) } });
      expect(res.text).toBe(fromModel);
    }
  });

  it('another account’s configuration and a missing one: the same 404', async () => {
    const owner = await h.createAccount();
    const other = await h.createAccount();
    const id = (await owner.call('create-configuration', { tag: 'Mine' })).body.data.configuration.configuration_id as string;
    const missing = randomUUID();
    expect((await other.call('get-configuration', { configuration_id: id })).body).toEqual(
      errorBody('not_found', `Configuration not found: ${id}`),
    );
    expect((await other.call('get-configuration', { configuration_id: missing })).body).toEqual(
      errorBody('not_found', `Configuration not found: ${missing}`),
    );
  });
});
