import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../support/harness.js';
import { serviceForFile } from '../support/service-for-file.js';

// No worker runs in this file: submissions stay queued, which the queue-limit test relies on.
const rig = serviceForFile({ harness: { processing: { maxWaitingPerAccount: 3 } }, recordings: true, configuration: { tag: 'c' } });

describe("submit validation, in the spec's order", () => {
  it.each([
    [{}, 'missing_field', 'Missing required field: configuration_id'],
    [{ configuration_id: '00000000-0000-4000-8000-000000000000' }, 'missing_field', 'Missing required field: url'],
    [
      { configuration_id: '00000000-0000-4000-8000-000000000000', url: 'https://x.example/a.txt', period_date: '2026-13-01' },
      'invalid_value',
      'Invalid period_date: expected YYYY-MM-DD or an ISO 8601 datetime',
    ],
    [
      { configuration_id: '00000000-0000-4000-8000-000000000000', url: 'https://x.example/a.txt' },
      'unsupported_format',
      `Unsupported audio format: the URL's path has ".txt"; it must end in one of .aac, .aiff, .amr, .asf, .flac, .mp3, .ogg, .wav, .webm, .m4a, .mp4 (the check is on the extension only, before anything is downloaded)`,
    ],
    [
      { configuration_id: '00000000-0000-4000-8000-000000000000', url: 'https://x.example/call?format=mp3' },
      'unsupported_format',
      `Unsupported audio format: the URL's path has no extension; it must end in one of .aac, .aiff, .amr, .asf, .flac, .mp3, .ogg, .wav, .webm, .m4a, .mp4 (the check is on the extension only, before anything is downloaded)`,
    ],
    [
      { configuration_id: '00000000-0000-4000-8000-000000000000', url: 'not a url' },
      'invalid_value',
      'Invalid url: expected an absolute http(s) URL',
    ],
    [
      { configuration_id: '00000000-0000-4000-8000-000000000000', url: 'ftp://x.example/a.wav' },
      'invalid_value',
      'Invalid url: expected an absolute http(s) URL',
    ],
    [
      { configuration_id: '00000000-0000-4000-8000-000000000000', url: 'https://x.example/a', name: 5 },
      'invalid_value',
      'Invalid name: expected string',
    ],
  ])('%j → %s', async (body, code, message) => {
    const res = await rig.account.call('submit', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody(code, message));
  });

  it.each([
    ['2026-02-30'],
    ['2026-02'],
    ['02/03/2026'],
    ['2026-03-02 10:00'],
    ['2026-03-02T25:00'],
    ['2026-03-02T10:00+25:00'],
    ['yesterday'],
  ])('refuses period_date %s within a second, before any download', async (period_date) => {
    const url = `${rig.recordings.baseUrl}/hang/never.wav`;
    const started = Date.now();
    const res = await rig.account.call('submit', { configuration_id: rig.configurationId, url, period_date });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody('invalid_value', 'Invalid period_date: expected YYYY-MM-DD or an ISO 8601 datetime'));
    expect(rig.recordings.hits('/hang/never.wav')).toBe(0);
  });

  it('answers 404 for a configuration, participant or evaluator not in the account', async () => {
    const other = await rig.h.createAccount();
    const foreignConfiguration = (await other.call('create-configuration', { tag: 'x' })).body.data.configuration.configuration_id;
    const url = `${rig.recordings.baseUrl}/a.wav`;
    const missing = randomUUID();
    for (const [body, message] of [
      [{ configuration_id: foreignConfiguration, url }, `Configuration not found: ${foreignConfiguration}`],
      [{ configuration_id: rig.configurationId, url, participant_id: missing }, `Participant not found: ${missing}`],
      [{ configuration_id: rig.configurationId, url, evaluator_id: missing }, `Evaluator not found: ${missing}`],
    ] as const) {
      const res = await rig.account.call('submit', body);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(errorBody('not_found', message));
    }
  });
});

describe('accepted submissions', () => {
  it('answer 201 at once, even for a URL that never answers, and start IN_PROGRESS', async () => {
    const own = await rig.h.createAccount();
    const config = (await own.call('create-configuration', { tag: 'c' })).body.data.configuration.configuration_id;
    const started = Date.now();
    const res = await own.call('submit', { configuration_id: config, url: `${rig.recordings.baseUrl}/hang/slow.WAV?sig=abc` });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ message: 'Transcription submitted successfully', transcription_id: expect.any(String) });
    const t = (await own.call('get-transcription', { transcription_id: res.body.data.transcription_id })).body.data;
    expect(t).toMatchObject({ status: 'IN_PROGRESS', configuration_tag: 'c', name: null });
    expect(t.details.completed_at).toBeNull();
    const job = await rig.h.jobs.queue('service.process-recording').getJob(`rec-${res.body.data.transcription_id}`);
    expect(job?.data).toEqual({ transcriptionId: res.body.data.transcription_id });
  });

  it.each([
    ['2026-03-02', '2026-03-02T00:00:00.000+00:00'],
    ['2026-03-02T10:15', '2026-03-02T10:15:00.000+00:00'],
    ['2026-03-02T10:15:30.25Z', '2026-03-02T10:15:30.250+00:00'],
    ['2026-03-02T10:15:30-05:00', '2026-03-02T15:15:30.000+00:00'],
    ['2026-03-02T01:00+0230', '2026-03-01T22:30:00.000+00:00'],
  ])('period_date %s sets created_at to %s', async (period_date, expected) => {
    const own = await rig.h.createAccount();
    const config = (await own.call('create-configuration', { tag: 'c' })).body.data.configuration.configuration_id;
    const id = (await own.call('submit', { configuration_id: config, url: `${rig.recordings.baseUrl}/a.mp3`, period_date })).body.data
      .transcription_id;
    expect((await own.call('get-transcription', { transcription_id: id })).body.data.details.created_at).toBe(expected);
  });

  it('refuses a submission past the waiting-queue limit with 429 queue_full', async () => {
    const busy = await rig.h.createAccount();
    const config = (await busy.call('create-configuration', { tag: 'c' })).body.data.configuration.configuration_id;
    for (let i = 0; i < 3; i += 1) {
      expect((await busy.call('submit', { configuration_id: config, url: `${rig.recordings.baseUrl}/q${i}.wav` })).status).toBe(201);
    }
    const res = await busy.call('submit', { configuration_id: config, url: `${rig.recordings.baseUrl}/q3.wav` });
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.body).toEqual(errorBody('queue_full', 'Maximum of 3 transcriptions waiting in queue reached; retry when some have started'));
    expect(await rig.h.db.transcription.count({ where: { accountId: busy.id } })).toBe(3);
    // Other accounts are not affected.
    expect(
      (await rig.account.call('submit', { configuration_id: rig.configurationId, url: `${rig.recordings.baseUrl}/x.wav` })).status,
    ).toBe(201);
  });
});
