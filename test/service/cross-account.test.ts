import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, type TestAccount } from '../support/harness.js';
import { seedTranscription } from '../support/seed.js';

let h: Harness;
let owner: TestAccount;
let stranger: TestAccount;
const ids = { configuration: '', evaluator: '', participant: '', transcription: '' };

beforeAll(async () => {
  h = createHarness();
  owner = await h.createAccount();
  stranger = await h.createAccount();
  ids.configuration = (await owner.call('create-configuration', { tag: 'mine' })).body.data.configuration.configuration_id;
  ids.evaluator = (
    await owner.call('create-evaluator', { tag: 'mine', criteria: [{ name: 'c', type: 'boolean', weight: 1 }] })
  ).body.data.evaluator.evaluator_id;
  ids.participant = (await owner.call('create-participant', { tag: 'mine' })).body.data.participant.participant_id;
  ids.transcription = (await seedTranscription(h.db, owner.id, { configurationId: ids.configuration })).id;
});
afterAll(() => h.close());

describe("another account's ids are not found (404), and nothing changes", () => {
  const cases: [string, () => object][] = [
    ['get-configuration', () => ({ configuration_id: ids.configuration })],
    ['update-configuration', () => ({ configuration_id: ids.configuration, tag: 'stolen' })],
    ['delete-configuration', () => ({ configuration_id: ids.configuration })],
    ['get-evaluator', () => ({ evaluator_id: ids.evaluator })],
    ['update-evaluator', () => ({ evaluator_id: ids.evaluator, description: 'stolen' })],
    ['delete-evaluator', () => ({ evaluator_id: ids.evaluator })],
    ['get-participant', () => ({ participant_id: ids.participant })],
    ['update-participant', () => ({ participant_id: ids.participant, tag: 'stolen' })],
    ['delete-participant', () => ({ participant_id: ids.participant })],
    ['get-transcription', () => ({ transcription_id: ids.transcription })],
    ['details', () => ({ transcription_id: ids.transcription })],
    ['update-transcription-group', () => ({ transcription_id: ids.transcription, group: 'ARCHIVED' })],
    ['delete-transcription', () => ({ transcription_id: ids.transcription })],
  ];

  it.each(cases)('%s', async (operation, body) => {
    const res = await stranger.call(operation, body());
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it("leaves the owner's resources as they were", async () => {
    expect((await owner.call('get-configuration', { configuration_id: ids.configuration })).body.data.configuration.tag).toBe('mine');
    expect((await owner.call('get-evaluator', { evaluator_id: ids.evaluator })).body.data.description).toBe('');
    expect((await owner.call('get-participant', { participant_id: ids.participant })).body.data.participant.tag).toBe('mine');
    expect((await owner.call('get-transcription', { transcription_id: ids.transcription })).body.data.group).toBeNull();
  });

  it("lists show only the caller's own resources", async () => {
    expect((await stranger.call('list-configurations')).body.data.total_configurations).toBe(0);
    expect((await stranger.call('list-evaluators')).body.data.count).toBe(0);
    expect((await stranger.call('list-participants')).body.data.count).toBe(0);
    expect((await stranger.call('list-transcriptions')).body.data.total_transcriptions).toBe(0);
  });

  it("refuses to adopt another evaluator's criterion into one's own", async () => {
    const foreignCriterion = (await owner.call('get-evaluator', { evaluator_id: ids.evaluator })).body.data.criteria[0].id;
    const own = (await stranger.call('create-evaluator', { tag: 'own', criteria: [] })).body.data.evaluator;
    const res = await stranger.call('update-evaluator', {
      evaluator_id: own.evaluator_id,
      criteria: [{ id: foreignCriterion, name: 'x', type: 'boolean', weight: 1 }],
    });
    expect(res.status).toBe(400);
    expect((await owner.call('get-evaluator', { evaluator_id: ids.evaluator })).body.data.criteria[0].name).toBe('c');
  });
});
