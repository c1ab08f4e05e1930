import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Configuration } from '../../src/contract/configurations.js';
import { createHarness, errorBody, type Harness, type TestAccount } from '../support/harness.js';
import { seedConfiguration } from '../support/seed.js';

let h: Harness;
beforeAll(() => {
  h = createHarness();
});
afterAll(() => h.close());

const fullBody = {
  tag: 'Inbound sales',
  vocabulary: ['Acme', 'SKU'],
  extraction_fields: [
    { name: 'order_id', type: 'string', description: 'The order number' },
    { name: 'amount', type: 'number', description: 'Order total' },
  ],
  webhooks: { success_url: 'https://hooks.example.com/ok', error_url: 'https://hooks.example.com/err' },
  summary: true,
  custom_summary: 'Focus on the customer request',
  summary_language: 'en',
  analytics_language: 'es',
};

describe('create-configuration', () => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await h.createAccount();
  });

  it('creates with every field and answers 201 with the configuration', async () => {
    const res = await account.call('create-configuration', fullBody);
    expect(res.status).toBe(201);
    expect(res.body.data.message).toBe('Configuration created successfully');
    const configuration = Configuration.parse(res.body.data.configuration);
    expect(configuration).toMatchObject({ ...fullBody, client_id: account.id });
    expect(res.body.data.configuration.created_at).toMatch(/\+00:00$/);
  });

  it('needs only tag and applies the documented defaults', async () => {
    const res = await account.call('create-configuration', { tag: '  Minimal  ' });
    expect(res.status).toBe(201);
    expect(res.body.data.configuration).toMatchObject({
      tag: 'Minimal',
      vocabulary: [],
      extraction_fields: [],
      webhooks: null,
      summary: false,
      custom_summary: null,
      summary_language: 'df',
      analytics_language: 'df',
    });
  });

  it.each([
    [{}, 'missing_field', 'Missing required field: tag'],
    [{ tag: 12 }, 'invalid_value', 'Invalid tag: expected string'],
    [{ tag: '   ' }, 'invalid_value', 'Invalid tag: must not be empty or whitespace only'],
    [{ tag: 'x'.repeat(101) }, 'invalid_value', 'Invalid tag: must be at most 100 characters'],
    [{ tag: 'a', summary: 'yes' }, 'invalid_value', 'Invalid summary: expected boolean'],
    [{ tag: 'a', vocabulary: 'Acme' }, 'invalid_value', 'Invalid vocabulary: expected array'],
    [{ tag: 'a', summary_language: 'english' }, 'invalid_value', 'Invalid summary_language: expected an ISO 639-1 two-letter code or df'],
    [{ tag: 'a', analytics_language: 'zz' }, 'invalid_value', 'Invalid analytics_language: expected an ISO 639-1 two-letter code or df'],
    [{ tag: 'a', webhooks: { success_url: 'https://a.example' } }, 'missing_field', 'Missing required field: webhooks.error_url'],
    [
      { tag: 'a', webhooks: { success_url: 'ftp://a.example/x', error_url: 'https://a.example' } },
      'invalid_value',
      'Invalid webhooks.success_url: expected an absolute http(s) URL',
    ],
    [
      { tag: 'a', webhooks: { success_url: '/relative', error_url: 'https://a.example' } },
      'invalid_value',
      'Invalid webhooks.success_url: expected an absolute http(s) URL',
    ],
    [{ tag: 'a', extraction_fields: [{ type: 'string' }] }, 'missing_field', 'Missing required field: extraction_fields[0].name'],
    [
      { tag: 'a', extraction_fields: [{ name: 'x', type: 'object' }] },
      'invalid_value',
      'Invalid extraction_fields[0].type: expected one of string, number, boolean, date',
    ],
    [
      {
        tag: 'a',
        extraction_fields: [
          { name: 'x', type: 'string' },
          { name: 'x', type: 'number' },
        ],
      },
      'invalid_value',
      'Invalid extraction_fields: field names must be unique',
    ],
  ])('refuses %j with %s', async (body, code, message) => {
    const res = await account.call('create-configuration', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody(code, message));
  });

  it('allows 10 extraction fields and refuses 11 with the limit message', async () => {
    const fields = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `f${i}`, type: 'string' }));
    expect((await account.call('create-configuration', { tag: 'ten', extraction_fields: fields(10) })).status).toBe(201);
    const res = await account.call('create-configuration', { tag: 'eleven', extraction_fields: fields(11) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody('limit_exceeded', 'Maximum of 10 extraction fields per configuration exceeded'));
  });

  it('refuses the 21st configuration of an account', async () => {
    const crowded = await h.createAccount();
    for (let i = 0; i < 19; i += 1) await seedConfiguration(h.db, crowded.id);
    expect((await crowded.call('create-configuration', { tag: '20th' })).status).toBe(201);
    const res = await crowded.call('create-configuration', { tag: '21st' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody('limit_exceeded', 'Maximum of 20 configurations per client exceeded'));
    expect(await h.db.configuration.count({ where: { accountId: crowded.id } })).toBe(20);
  });

  it('never exceeds 20 under concurrent creates', async () => {
    const racing = await h.createAccount();
    for (let i = 0; i < 15; i += 1) await seedConfiguration(h.db, racing.id);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => racing.call('create-configuration', { tag: `race-${i}` })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
    expect(await h.db.configuration.count({ where: { accountId: racing.id } })).toBe(20);
  });
});

describe('get, list, update, delete', () => {
  it('gets one configuration, 404 for an unknown id, 400 for a malformed one', async () => {
    const account = await h.createAccount();
    const created = (await account.call('create-configuration', fullBody)).body.data.configuration;
    const res = await account.call('get-configuration', { configuration_id: created.configuration_id });
    expect(res.status).toBe(200);
    expect(res.body.data.configuration).toEqual(created);

    const missing = await account.call('get-configuration', { configuration_id: '5f0c8d5e-8a4b-4c1e-9a77-2b8f8a1d0c11' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(errorBody('not_found', 'Configuration not found: 5f0c8d5e-8a4b-4c1e-9a77-2b8f8a1d0c11'));

    const malformed = await account.call('get-configuration', { configuration_id: 'abc' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual(errorBody('invalid_value', 'Invalid configuration_id: expected a UUID'));

    const absent = await account.call('get-configuration', {});
    expect(absent.body).toEqual(errorBody('missing_field', 'Missing required field: configuration_id'));
  });

  it('lists newest first with the total, and serves the /get-configurations alias', async () => {
    const account = await h.createAccount();
    const first = (await account.call('create-configuration', { tag: 'first' })).body.data.configuration;
    const second = (await account.call('create-configuration', { tag: 'second' })).body.data.configuration;
    for (const path of ['list-configurations', 'get-configurations']) {
      const res = await account.call(path, {});
      expect(res.status).toBe(200);
      expect(res.body.data.total_configurations).toBe(2);
      expect(res.body.data.configurations.map((c: { tag: string }) => c.tag)).toEqual(['second', 'first']);
      expect(res.body.data.configurations).toEqual([second, first]);
    }
  });

  it('updates only the fields sent; webhooks can be cleared with null', async () => {
    const account = await h.createAccount();
    const created = (await account.call('create-configuration', fullBody)).body.data.configuration;
    const res = await account.call('update-configuration', {
      configuration_id: created.configuration_id,
      summary: false,
      vocabulary: ['Globex'],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe('Configuration updated successfully');
    expect(res.body.data.configuration).toEqual({ ...created, summary: false, vocabulary: ['Globex'] });

    const cleared = await account.call('update-configuration', { configuration_id: created.configuration_id, webhooks: null });
    expect(cleared.body.data.configuration.webhooks).toBeNull();
    expect(cleared.body.data.configuration.custom_summary).toBe(fullBody.custom_summary);

    const bad = await account.call('update-configuration', { configuration_id: created.configuration_id, summary_language: 'xx' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(errorBody('invalid_value', 'Invalid summary_language: expected an ISO 639-1 two-letter code or df'));
  });

  it('deletes, then answers 404; transcriptions keep the configuration id and tag', async () => {
    const account = await h.createAccount();
    const created = (await account.call('create-configuration', { tag: 'doomed' })).body.data.configuration;
    const transcription = await h.db.transcription.create({
      data: {
        accountId: account.id,
        configurationId: created.configuration_id,
        configurationTag: 'doomed',
        createdAt: new Date(),
      },
    });
    const res = await account.call('delete-configuration', { configuration_id: created.configuration_id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { message: 'Configuration deleted successfully' } });
    const again = await account.call('delete-configuration', { configuration_id: created.configuration_id });
    expect(again.status).toBe(404);
    const kept = await account.call('get-transcription', { transcription_id: transcription.id });
    expect(kept.body.data).toMatchObject({ configuration_id: created.configuration_id, configuration_tag: 'doomed' });
  });
});
