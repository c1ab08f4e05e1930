import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListTranscriptionsResponse, Transcription, TranscriptionWithMessage } from '../../src/contract/transcriptions.js';
import { createHarness, errorBody, type Harness, type TestAccount } from '../support/harness.js';
import { call42Content, seedEvaluatedTranscription, seedTranscription } from '../support/seed.js';

let h: Harness;
beforeAll(() => {
  h = createHarness();
});
afterAll(() => h.close());

/** "Call 42" (test/support/seed.ts), as the tests below destructure it. */
async function seedEvaluated(account: TestAccount, createdAt?: Date) {
  const row = await seedEvaluatedTranscription(h.db, account.id, { createdAt });
  return { row, participant: row.participant, evaluator: row.evaluator, greeting: row.greeting, strict: row.strict };
}

describe('get-transcription', () => {
  it('answers the full form of a COMPLETED transcription, and /details is the same', async () => {
    const account = await h.createAccount();
    const { row, participant, evaluator, greeting, strict } = await seedEvaluated(account);
    const res = await account.call('get-transcription', { transcription_id: row.id });
    expect(res.status).toBe(200);
    const transcription = Transcription.parse(res.body.data);
    expect(res.body.data).toEqual({
      transcription_id: row.id,
      status: 'COMPLETED',
      configuration_id: row.configurationId,
      configuration_tag: 'seeded',
      name: 'Call 42',
      group: null,
      duration: 125.5,
      participant_id: participant.id,
      participant_tag: 'Ana',
      evaluator_id: evaluator.id,
      evaluator_tag: 'Support QA',
      details: {
        language: 'en',
        num_speakers: 2,
        created_at: '2026-02-03T14:30:00.000+00:00',
        completed_at: '2026-02-03T14:35:00.000+00:00',
        ...call42Content,
        evaluation: {
          score: 100,
          critical_fail: true,
          status: 'COMPLETED',
          breakdown: {
            evaluator_id: evaluator.id,
            evaluator_tag: 'Support QA',
            generated_at: '2026-02-03T14:35:00.000+00:00',
            language_used: 'en',
            final_score: 100,
            critical_fail_triggered: true,
            summary_feedback: '**Good** greeting; a promise was made.',
            results: [
              {
                criteria_id: greeting.id,
                name: 'Greeting',
                type: 'boolean',
                max_weight: 40,
                score_raw_ai: 1,
                score_obtained: 40,
                status: 'PASS',
                reasoning: 'Greets warmly',
                quote: 'Hello, thanks for calling.',
                feedback: null,
              },
              {
                criteria_id: strict.id,
                name: 'No promises',
                type: 'strict',
                max_weight: 0,
                score_raw_ai: 0,
                score_obtained: 0,
                status: 'FAIL',
                reasoning: 'Promised a refund',
                quote: 'Hi.',
                feedback: 'Avoid promises',
              },
            ],
          },
        },
        error: null,
      },
    });
    expect(transcription.status).toBe('COMPLETED');
    const alias = await account.call('details', { transcription_id: row.id });
    expect(alias.body).toEqual(res.body);
  });

  it('answers every field for IN_PROGRESS and FAILED, with nulls where nothing was produced', async () => {
    const account = await h.createAccount();
    const inProgress = await seedTranscription(h.db, account.id, { createdAt: new Date('2026-01-01T00:00:00Z') });
    const failed = await seedTranscription(h.db, account.id, {
      status: 'FAILED',
      createdAt: new Date('2026-01-01T00:00:00Z'),
      completedAt: new Date('2026-01-01T00:01:00Z'),
      errorCode: 'download_failed',
      errorMessage: 'The recording URL answered 404',
    });
    const running = (await account.call('get-transcription', { transcription_id: inProgress.id })).body.data;
    Transcription.parse(running);
    expect(running).toMatchObject({ status: 'IN_PROGRESS', group: null, name: null, duration: 0, participant_tag: null });
    expect(running.details).toEqual({
      language: null,
      num_speakers: null,
      created_at: '2026-01-01T00:00:00.000+00:00',
      completed_at: null,
      conversation: null,
      summary: null,
      fields: null,
      evaluation: null,
      error: null,
    });
    const broken = (await account.call('get-transcription', { transcription_id: failed.id })).body.data;
    Transcription.parse(broken);
    expect(broken.details).toMatchObject({
      completed_at: '2026-01-01T00:01:00.000+00:00',
      evaluation: null,
      error: { code: 'download_failed', message: 'The recording URL answered 404' },
    });
  });

  it('answers 404 for an unknown id', async () => {
    const account = await h.createAccount();
    const id = randomUUID();
    const res = await account.call('get-transcription', { transcription_id: id });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(errorBody('not_found', `Transcription not found: ${id}`));
  });
});

describe('list-transcriptions', () => {
  it('lists the light form newest first, with statistics over every status', async () => {
    const account = await h.createAccount();
    const { row: evaluated, participant, evaluator } = await seedEvaluated(account, new Date('2026-02-03T14:30:00Z'));
    const failed = await seedTranscription(h.db, account.id, { status: 'FAILED', createdAt: new Date('2026-02-05T00:00:00Z') });
    const running = await seedTranscription(h.db, account.id, { createdAt: new Date('2026-02-01T00:00:00Z'), name: 'running' });
    const res = await account.call('list-transcriptions');
    expect(res.status).toBe(200);
    const data = ListTranscriptionsResponse.parse(res.body.data);
    expect(data.total_transcriptions).toBe(3);
    expect(data.query_limit_reached).toBe(false);
    expect(data.statistics).toEqual({ completed: 1, failed: 1, in_progress: 1 });
    expect(data.transcriptions.map((t) => t.transcription_id)).toEqual([failed.id, evaluated.id, running.id]);
    expect(res.body.data.transcriptions[1]).toEqual({
      transcription_id: evaluated.id,
      status: 'COMPLETED',
      configuration_id: evaluated.configurationId,
      configuration_tag: 'seeded',
      duration: 125.5,
      group: null,
      name: 'Call 42',
      created_at: '2026-02-03T14:30:00.000+00:00',
      qa: {
        score: 100,
        critical_fail: true,
        status: 'COMPLETED',
        participant_id: participant.id,
        evaluator_id: evaluator.id,
        participant_tag: 'Ana',
        evaluator_tag: 'Support QA',
      },
    });
    expect(res.body.data.transcriptions[2].qa).toEqual({
      score: null,
      critical_fail: null,
      status: null,
      participant_id: null,
      evaluator_id: null,
      participant_tag: null,
      evaluator_tag: null,
    });
  });

  it('returns at most 20,000 and says the cap cut the list', async () => {
    const account = await h.createAccount();
    await h.db.$executeRaw`
      INSERT INTO svc_transcriptions (id, account_id, configuration_id, configuration_tag, status, created_at)
      SELECT gen_random_uuid(), ${account.id}::uuid, gen_random_uuid(), 'bulk', 'COMPLETED',
             timestamptz '2025-01-01T00:00:00Z' + make_interval(secs => n)
      FROM generate_series(1, 20001) AS n`;
    const res = await account.call('list-transcriptions');
    expect(res.status).toBe(200);
    expect(res.body.data.total_transcriptions).toBe(20_001);
    expect(res.body.data.query_limit_reached).toBe(true);
    expect(res.body.data.transcriptions).toHaveLength(20_000);
    expect(res.body.data.transcriptions[0].created_at).toBe('2025-01-01T05:33:21.000+00:00');
    expect(res.body.data.statistics).toEqual({ completed: 20_001, failed: 0, in_progress: 0 });
  });
});

describe('update-transcription-group', () => {
  it('sets each group and clears with "", answering the full transcription', async () => {
    const account = await h.createAccount();
    const { row } = await seedEvaluated(account);
    for (const group of ['PENDING_REVIEW', 'UNDER_REVIEW', 'ARCHIVED', 'PENDING_REVIEW']) {
      const res = await account.call('update-transcription-group', { transcription_id: row.id, group });
      expect(res.status).toBe(200);
      const data = TranscriptionWithMessage.parse(res.body.data);
      expect(data.message).toBe('Transcription group updated successfully');
      expect(data.transcription.group).toBe(group);
    }
    const cleared = await account.call('update-transcription-group', { transcription_id: row.id, group: '' });
    expect(cleared.body.data.transcription.group).toBeNull();
    expect((await account.call('get-transcription', { transcription_id: row.id })).body.data).toEqual(cleared.body.data.transcription);
  });

  it.each([['archived'], ['DONE'], [null], [3], [' ARCHIVED']])('refuses group %j with "Invalid group value"', async (group) => {
    const account = await h.createAccount();
    const row = await seedTranscription(h.db, account.id);
    const res = await account.call('update-transcription-group', { transcription_id: row.id, group });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody('invalid_value', 'Invalid group value'));
  });

  it('needs group and transcription_id; 404 for an unknown transcription', async () => {
    const account = await h.createAccount();
    const row = await seedTranscription(h.db, account.id);
    expect((await account.call('update-transcription-group', { transcription_id: row.id })).body).toEqual(
      errorBody('missing_field', 'Missing required field: group'),
    );
    expect((await account.call('update-transcription-group', { group: 'ARCHIVED' })).body).toEqual(
      errorBody('missing_field', 'Missing required field: transcription_id'),
    );
    const id = randomUUID();
    const res = await account.call('update-transcription-group', { transcription_id: id, group: 'ARCHIVED' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(errorBody('not_found', `Transcription not found: ${id}`));
  });
});

describe('delete-transcription', () => {
  it('deletes it and its criterion results for good', async () => {
    const account = await h.createAccount();
    const { row } = await seedEvaluated(account);
    const res = await account.call('delete-transcription', { transcription_id: row.id });
    expect(res.body).toEqual({ data: { message: 'Transcription deleted successfully' } });
    expect(await h.db.criterionResult.count({ where: { transcriptionId: row.id } })).toBe(0);
    expect((await account.call('get-transcription', { transcription_id: row.id })).status).toBe(404);
    expect((await account.call('delete-transcription', { transcription_id: row.id })).status).toBe(404);
  });
});
