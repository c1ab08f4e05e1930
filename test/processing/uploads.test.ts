import { readFileSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestUploadUrlResponse } from '../../src/contract/transcriptions.js';
import { createHarness, errorBody, type Harness, type TestAccount } from '../support/harness.js';
import { supportCall, synthesizeConversation, synthesizeTone } from '../support/synthesize.js';
import { eventually } from '../support/webhook-receiver.js';

let clock = new Date('2026-05-04T09:00:00.000Z');
let h: Harness;
let account: TestAccount;
let configurationId: string;

beforeAll(async () => {
  h = createHarness({ now: () => clock, publicBaseUrl: 'https://convoqa.example', processing: { maxRecordingBytes: 2 * 1024 * 1024 } });
  account = await h.createAccount();
  configurationId = (await account.call('create-configuration', { tag: 'uploads' })).body.data.configuration.configuration_id;
});
afterAll(() => h.close());

/** The path and query of an upload URL, to PUT through supertest. */
const pathOf = (uploadUrl: string) => {
  const url = new URL(uploadUrl);
  return `${url.pathname}${url.search}`;
};

async function requestUpload(body: object = {}) {
  const res = await account.call('request-upload-url', { configuration_id: configurationId, filename: 'call.mp3', ...body });
  expect(res.status).toBe(201);
  return RequestUploadUrlResponse.parse(res.body.data);
}

describe('request-upload-url', () => {
  it('answers a single-use URL on this service that expires in 15 minutes', async () => {
    const data = await requestUpload({ name: 'Uploaded call', period_date: '2026-05-01' });
    expect(data.message).toBe('Upload URL created: PUT the recording bytes to upload_url before expires_at');
    expect(data.upload_url).toMatch(new RegExp(`^https://convoqa\\.example/uploads/${data.transcription_id}\\?token=[\\w-]{43}$`));
    expect(data.expires_at).toBe('2026-05-04T09:15:00.000+00:00');
    const t = (await account.call('get-transcription', { transcription_id: data.transcription_id })).body.data;
    expect(t).toMatchObject({ status: 'IN_PROGRESS', name: 'Uploaded call' });
    expect(t.details.created_at).toBe('2026-05-01T00:00:00.000+00:00');
    const expiry = await h.jobs.queue('service.expire-upload').getJob(`upload-expiry-${data.transcription_id}`);
    expect(expiry?.opts.delay).toBe(15 * 60_000);
  });

  it.each([
    [{ configuration_id: '00000000-0000-4000-8000-000000000000' }, 400, 'missing_field', 'Missing required field: filename'],
    [
      { filename: 'notes.txt' },
      400,
      'unsupported_format',
      'Unsupported audio format: filename has ".txt"; it must end in one of .aac, .aiff, .amr, .asf, .flac, .mp3, .ogg, .wav, .webm, .m4a, .mp4 (the check is on the extension only, before anything is downloaded)',
    ],
    [
      { filename: 'call.mp3', period_date: '2026-05' },
      400,
      'invalid_value',
      'Invalid period_date: expected YYYY-MM-DD or an ISO 8601 datetime',
    ],
  ])('refuses %j', async (body, status, code, message) => {
    const res = await account.call('request-upload-url', { configuration_id: configurationId, ...body });
    expect(res.status).toBe(status);
    expect(res.body).toEqual(errorBody(code, message));
  });
});

describe('PUT to the upload URL', () => {
  it('stores the bytes, starts processing, and works only once', async () => {
    const data = await requestUpload();
    const bytes = readFileSync(await synthesizeConversation(supportCall.slice(0, 2), { format: 'mp3' }));
    const res = await request(h.app).put(pathOf(data.upload_url)).set('content-type', 'audio/mpeg').send(bytes);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: { message: 'Recording received; processing has started', transcription_id: data.transcription_id, bytes: bytes.length },
    });
    const row = await h.db.transcription.findUniqueOrThrow({ where: { id: data.transcription_id } });
    expect(row.queuedAt).not.toBeNull();
    expect(row.uploadTokenHash).toBeNull();
    expect(await h.deps.storage.exists(row.recordingKey!)).toBe(true);

    const again = await request(h.app).put(pathOf(data.upload_url)).send(bytes);
    expect(again.status).toBe(403);
    expect(again.body).toEqual(errorBody('forbidden', 'This upload URL is invalid, expired or already used'));

    // Processing is CPU-bound (ffmpeg, the local engine's domain model and pocketsphinx): about 15 s
    // at load 12 for this 13 s call, and over 60 s with three test files on two cores. The wait
    // reads the row's status (not the API, whose requests would compete in this process with the
    // worker's own work), then the API answers once.
    h.startWorker();
    await eventually(
      async () => {
        const t = await h.db.transcription.findUniqueOrThrow({ where: { id: data.transcription_id }, select: { status: true } });
        return t.status !== 'IN_PROGRESS';
      },
      150_000,
      250,
    );
    const done = (await account.call('get-transcription', { transcription_id: data.transcription_id })).body.data;
    expect(done.status).toBe('COMPLETED');
    expect(done.details.num_speakers).toBe(2);
  }, 180_000);

  it('refuses a wrong token and a wrong transcription id', async () => {
    const data = await requestUpload();
    const url = new URL(data.upload_url);
    for (const bad of [`${url.pathname}?token=nope`, `${url.pathname}`, `/uploads/not-a-uuid${url.search}`]) {
      const res = await request(h.app).put(bad).send(Buffer.from('x'));
      expect(res.status).toBe(403);
    }
  });

  it('refuses a body over the size cap with 413, and the URL can be used again', async () => {
    const data = await requestUpload({ filename: 'call.wav' });
    const big = Buffer.alloc(3 * 1024 * 1024, 1);
    const res = await request(h.app).put(pathOf(data.upload_url)).send(big);
    expect(res.status).toBe(413);
    expect(res.body).toEqual(errorBody('payload_too_large', 'The recording exceeds 2 MB'));
    const small = readFileSync(await synthesizeTone(1));
    expect((await request(h.app).put(pathOf(data.upload_url)).send(small)).status).toBe(200);
  });

  it('refuses an empty upload and keeps the URL usable', async () => {
    const data = await requestUpload({ filename: 'call.wav' });
    const res = await request(h.app).put(pathOf(data.upload_url)).send(Buffer.alloc(0));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody('invalid_value', 'The upload is empty: PUT the recording bytes'));
    expect(
      (
        await request(h.app)
          .put(pathOf(data.upload_url))
          .send(readFileSync(await synthesizeTone(1)))
      ).status,
    ).toBe(200);
  });

  it('refuses an expired URL, and the transcription FAILs at expiry', async () => {
    const data = await requestUpload();
    clock = new Date(clock.getTime() + 15 * 60_000 + 1);
    const res = await request(h.app).put(pathOf(data.upload_url)).send(Buffer.from('late'));
    expect(res.status).toBe(403);
    // The expiry job fires 15 minutes after the request; run it now.
    const job = await h.jobs.queue('service.expire-upload').getJob(`upload-expiry-${data.transcription_id}`);
    await job!.promote();
    h.startWorker();
    const t = await eventually(async () => {
      const body = (await account.call('get-transcription', { transcription_id: data.transcription_id })).body.data;
      return body.status === 'FAILED' ? body : undefined;
    }, 20_000);
    expect(t.details.error).toEqual({ code: 'download_failed', message: 'No recording was uploaded before the upload URL expired' });
  }, 40_000);
});
