import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, errorBody, type Harness, type TestAccount } from '../support/harness.js';

let h: Harness;
let account: TestAccount;
const someId = '529301a8-d422-40d2-8a36-4b67eff223c5';

beforeAll(async () => {
  h = createHarness();
  account = await h.createAccount();
});
afterAll(() => h.close());

/** One misspelling per operation family, each answered 400 naming the field and its likely meaning. */
const cases: [operation: string, body: Record<string, unknown>, message: string][] = [
  ['create-participant', { tag: 'x', metdata: {} }, 'Unknown field "metdata"; did you mean "metadata"?'],
  ['update-participant', { participant_id: someId, tga: 'x' }, 'Unknown field "tga"; did you mean "tag"?'],
  ['create-configuration', { tag: 'x', sumary: true }, 'Unknown field "sumary"; did you mean "summary"?'],
  [
    'create-configuration',
    { tag: 'x', webhooks: { success_url: 'https://hooks.test/ok', eror_url: 'https://hooks.test/ko' } },
    'Unknown field "webhooks.eror_url"; did you mean "error_url"?',
  ],
  ['get-configuration', { configuraton_id: someId }, 'Unknown field "configuraton_id"; did you mean "configuration_id"?'],
  [
    'create-evaluator',
    { tag: 'x', criteria: [{ nmae: 'Greets', type: 'boolean', weight: 1 }] },
    'Unknown field "criteria[0].nmae"; did you mean "name"?',
  ],
  ['update-evaluator', { evaluator_id: someId, langauge: 'en' }, 'Unknown field "langauge"; did you mean "language"?'],
  ['submit', { configuration_id: someId, url: 'https://a.test/a.wav', period: '2026-01-01' }, 'Unknown field "period"'],
  ['request-upload-url', { configuration_id: someId, file_name: 'a.wav' }, 'Unknown field "file_name"; did you mean "filename"?'],
  ['update-transcription-group', { transcription_id: someId, groupe: '' }, 'Unknown field "groupe"; did you mean "group"?'],
  ['list-transcriptions', { limit: 10 }, 'Unknown field "limit"'],
  ['analytics', { start_dat: '2026-01-01' }, 'Unknown field "start_dat"; did you mean "start_date"?'],
  ['analytics-evaluator', { evaluator_id: someId, end: '2026-01-01', x: 1 }, 'Unknown fields "end", "x"'],
];

describe('unknown request fields (400 naming them)', () => {
  it.each(cases)('%s %j', async (operation, body, message) => {
    const res = await account.call(operation, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody('invalid_value', message));
  });

  it('reports the misspelling before the missing field it stands for', async () => {
    const res = await account.call('create-participant', { tgg: 'x' });
    expect(res.body).toEqual(errorBody('invalid_value', 'Unknown field "tgg"; did you mean "tag"?'));
  });

  it('accepts every documented field, and an evaluator tag on update (the spec: it cannot change)', async () => {
    const created = await account.call('create-participant', { tag: 'known', metadata: { region: 'north' } });
    expect(created.status).toBe(201);
    const evaluator = await account.call('create-evaluator', { tag: 'e', criteria: [{ name: 'Greets', type: 'boolean', weight: 1 }] });
    const updated = await account.call('update-evaluator', { evaluator_id: evaluator.body.data.evaluator.evaluator_id, tag: 'other' });
    expect(updated.status).toBe(200);
    expect(updated.body.data.evaluator.tag).toBe('e');
  });
});
