import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Participant } from '../../src/contract/participants.js';
import { createHarness, errorBody, type Harness, type TestAccount } from '../support/harness.js';

let h: Harness;
let account: TestAccount;
let clock = new Date('2026-03-01T10:00:00.000Z');
beforeAll(async () => {
  h = createHarness({ now: () => clock });
  account = await h.createAccount();
});
afterAll(() => h.close());

describe('create-participant', () => {
  it('trims the tag, stores metadata values of any type as strings, answers 201', async () => {
    const res = await account.call('create-participant', {
      tag: '  Ana Lopez \n',
      metadata: { team: 'North', level: 3, remote: true, manager: null, skills: ['es', 'en'], contract: { type: 'full' } },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.message).toBe('Participant created successfully');
    const participant = Participant.parse(res.body.data.participant);
    expect(participant.tag).toBe('Ana Lopez');
    expect(participant.metadata).toEqual({
      team: 'North',
      level: '3',
      remote: 'true',
      manager: 'null',
      skills: '["es","en"]',
      contract: '{"type":"full"}',
    });
    expect(participant.created_at).toBe('2026-03-01T10:00:00.000+00:00');
    expect(participant.updated_at).toBe(participant.created_at);
  });

  it('defaults metadata to {}', async () => {
    const res = await account.call('create-participant', { tag: 'No metadata' });
    expect(res.body.data.participant.metadata).toEqual({});
  });

  it.each([
    [{}, 'missing_field', 'Missing required field: tag'],
    [{ tag: '' }, 'invalid_value', 'Invalid tag: must not be empty or whitespace only'],
    [{ tag: ' \t ' }, 'invalid_value', 'Invalid tag: must not be empty or whitespace only'],
    [{ tag: 'x'.repeat(101) }, 'invalid_value', 'Invalid tag: must be at most 100 characters'],
    [{ tag: ['a'] }, 'invalid_value', 'Invalid tag: expected string'],
    [{ tag: 'a', metadata: 'team=north' }, 'invalid_value', 'Invalid metadata: expected an object of string values'],
    [{ tag: 'a', metadata: ['x'] }, 'invalid_value', 'Invalid metadata: expected an object of string values'],
    [
      { tag: 'a', metadata: { ['k'.repeat(51)]: 'v' } },
      'invalid_value',
      `Invalid metadata.${'k'.repeat(51)}: key names must be 1 to 50 characters`,
    ],
    [
      { tag: 'a', metadata: { ['k'.repeat(5000)]: 'v' } },
      'invalid_value',
      `Invalid metadata.${'k'.repeat(57)}...: key names must be 1 to 50 characters`,
    ],
    [{ tag: 'a', metadata: { '': 'v' } }, 'invalid_value', 'Invalid metadata.: key names must be 1 to 50 characters'],
    [{ tag: 'a', metadata: { note: 'v'.repeat(251) } }, 'invalid_value', 'Invalid metadata.note: values must be at most 250 characters'],
    [
      { tag: 'a', metadata: { note: { deep: 'v'.repeat(250) } } },
      'invalid_value',
      'Invalid metadata.note: values must be at most 250 characters',
    ],
  ])('refuses %j', async (body, code, message) => {
    const res = await account.call('create-participant', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody(code, message));
  });

  it('accepts exactly the limits: 100-character tag, 10 keys of 50 characters, 250-character values', async () => {
    const metadata = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`${i}`.padEnd(50, 'k'), 'v'.repeat(250)]));
    const res = await account.call('create-participant', { tag: 't'.repeat(100), metadata });
    expect(res.status).toBe(201);
    expect(res.body.data.participant.metadata).toEqual(metadata);
  });

  it('refuses an 11th metadata key', async () => {
    const metadata = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, 'v']));
    const res = await account.call('create-participant', { tag: 'a', metadata });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody('limit_exceeded', 'Maximum of 10 metadata keys exceeded'));
  });

  it('refuses the 201st participant', async () => {
    const crowded = await h.createAccount();
    await h.db.participant.createMany({
      data: Array.from({ length: 199 }, (_, i) => ({ accountId: crowded.id, tag: `p${i}`, metadata: {} })),
    });
    expect((await crowded.call('create-participant', { tag: '200th' })).status).toBe(201);
    const res = await crowded.call('create-participant', { tag: '201st' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody('limit_exceeded', 'Maximum of 200 participants per client exceeded'));
    expect(await h.db.participant.count({ where: { accountId: crowded.id } })).toBe(200);
  });
});

describe('get, list, update, delete', () => {
  it('get-participant answers data.participant', async () => {
    const created = (await account.call('create-participant', { tag: 'Bo' })).body.data.participant;
    const res = await account.call('get-participant', { participant_id: created.participant_id });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ participant: created });
  });

  it('list-participants answers items newest first and count', async () => {
    const own = await h.createAccount();
    clock = new Date('2026-03-01T10:00:00.000Z');
    const a = (await own.call('create-participant', { tag: 'A' })).body.data.participant;
    clock = new Date('2026-03-02T10:00:00.000Z');
    const b = (await own.call('create-participant', { tag: 'B' })).body.data.participant;
    expect((await own.call('list-participants')).body.data).toEqual({ items: [b, a], count: 2 });
  });

  it('update replaces metadata wholesale, keeps omitted fields, and always moves updated_at', async () => {
    clock = new Date('2026-03-01T10:00:00.000Z');
    const created = (await account.call('create-participant', { tag: 'Cy', metadata: { team: 'North', shift: 'early' } })).body.data
      .participant;

    clock = new Date('2026-03-05T08:00:00.000Z');
    const replaced = await account.call('update-participant', { participant_id: created.participant_id, metadata: { team: 'South' } });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.message).toBe('Participant updated successfully');
    expect(replaced.body.data.participant).toEqual({
      ...created,
      metadata: { team: 'South' },
      updated_at: '2026-03-05T08:00:00.000+00:00',
    });

    clock = new Date('2026-03-06T08:00:00.000Z');
    const retagged = await account.call('update-participant', { participant_id: created.participant_id, tag: '  Cyrus ' });
    expect(retagged.body.data.participant).toMatchObject({ tag: 'Cyrus', metadata: { team: 'South' } });

    clock = new Date('2026-03-07T08:00:00.000Z');
    const touched = await account.call('update-participant', { participant_id: created.participant_id });
    expect(touched.status).toBe(200);
    expect(touched.body.data.participant).toEqual({
      ...retagged.body.data.participant,
      updated_at: '2026-03-07T08:00:00.000+00:00',
    });

    const bad = await account.call('update-participant', { participant_id: created.participant_id, tag: '  ' });
    expect(bad.body).toEqual(errorBody('invalid_value', 'Invalid tag: must not be empty or whitespace only'));
  });

  it('delete is permanent; transcriptions keep the participant id with a null tag', async () => {
    const created = (await account.call('create-participant', { tag: 'Dee' })).body.data.participant;
    const transcription = await h.db.transcription.create({
      data: {
        accountId: account.id,
        configurationId: '5f0c8d5e-8a4b-4c1e-9a77-2b8f8a1d0c11',
        configurationTag: 'c',
        participantId: created.participant_id,
        createdAt: new Date(),
      },
    });
    const before = await account.call('get-transcription', { transcription_id: transcription.id });
    expect(before.body.data.participant_tag).toBe('Dee');

    const res = await account.call('delete-participant', { participant_id: created.participant_id });
    expect(res.body).toEqual({ data: { message: 'Participant deleted successfully' } });
    expect((await account.call('get-participant', { participant_id: created.participant_id })).status).toBe(404);
    expect((await account.call('update-participant', { participant_id: created.participant_id, tag: 'x' })).status).toBe(404);
    expect((await account.call('delete-participant', { participant_id: created.participant_id })).status).toBe(404);

    const after = await account.call('get-transcription', { transcription_id: transcription.id });
    expect(after.body.data).toMatchObject({ participant_id: created.participant_id, participant_tag: null });
  });
});
