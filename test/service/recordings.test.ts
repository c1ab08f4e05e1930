/**
 * The built-in service keeps each recording for as long as its transcription (docs/console.md,
 * "The recording"): a real submission downloaded from a local server and processed stays in
 * storage, GET /recordings/:id serves it to the account's key (all of it, or a Range as 206),
 * and delete-transcription and the retention purge delete it with the transcription.
 */
import { readFileSync } from 'node:fs';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { processRecording } from '../../src/service/processing/process-recording.js';
import { purgeExpiredTranscriptions } from '../../src/service/retention/purge-expired-transcriptions.js';
import { fixedTranscriptEngines } from '../support/download-matrix.js';
import { errorBody } from '../support/harness.js';
import { serviceForFile } from '../support/service-for-file.js';
import { seedConfiguration } from '../support/seed.js';
import { supportCall, synthesizeConversation } from '../support/synthesize.js';

const rig = serviceForFile({ recordings: true });
let configurationId: string;
let audio: Buffer;
let audioUrl: string;

beforeAll(async () => {
  configurationId = (await seedConfiguration(rig.h.db, rig.account.id)).id;
  const file = await synthesizeConversation(supportCall.slice(0, 2));
  audio = readFileSync(file);
  audioUrl = rig.recordings.serve('call.wav', file);
}, 60_000);

/** Submits the served call and processes it (fixed transcript): the transcription and its stored key. */
async function submitAndProcess(): Promise<{ id: string; key: string }> {
  const res = await rig.account.call('submit', { configuration_id: configurationId, url: audioUrl });
  expect(res.status).toBe(201);
  const id = (res.body as { data: { transcription_id: string } }).data.transcription_id;
  expect(await processRecording(rig.h.processingContext({ engines: fixedTranscriptEngines }), id, { isLast: true })).toBe('completed');
  const row = await rig.h.db.transcription.findUniqueOrThrow({ where: { id } });
  expect(row.status).toBe('COMPLETED');
  return { id, key: row.recordingKey! };
}

const getRecording = (id: string, key: string) => request(rig.h.app).get(`/recordings/${id}`).set('x-api-key', key).responseType('blob');

describe('a processed recording', () => {
  it('stays in storage and is served whole, or by Range as 206 with the right bytes', async () => {
    const { id, key } = await submitAndProcess();
    expect(await rig.h.deps.storage.stat(key)).toEqual({ bytes: audio.length });

    const whole = await getRecording(id, rig.account.key);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Buffer.compare(whole.body as Buffer, audio)).toBe(0);

    const part = await getRecording(id, rig.account.key).set('range', 'bytes=1000-1999');
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${audio.length}`);
    expect(part.headers['content-length']).toBe('1000');
    expect(Buffer.compare(part.body as Buffer, audio.subarray(1000, 2000))).toBe(0);

    const tail = await getRecording(id, rig.account.key).set('range', 'bytes=-100');
    expect(tail.status).toBe(206);
    expect(Buffer.compare(tail.body as Buffer, audio.subarray(audio.length - 100))).toBe(0);

    const past = await getRecording(id, rig.account.key).set('range', `bytes=${audio.length}-`);
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${audio.length}`);
  }, 60_000);

  it("is refused without the account's key, and is not found for another account", async () => {
    const { id } = await submitAndProcess();
    const anonymous = await request(rig.h.app).get(`/recordings/${id}`);
    expect(anonymous.status).toBe(403);
    expect(anonymous.body).toEqual(errorBody('forbidden', 'Missing API key: send it in the x-api-key header'));
    const other = await rig.h.createAccount();
    const foreign = await request(rig.h.app).get(`/recordings/${id}`).set('x-api-key', other.key);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(errorBody('not_found', `Transcription not found: ${id}`));
  }, 60_000);

  it('is deleted by delete-transcription', async () => {
    const { id, key } = await submitAndProcess();
    expect(await rig.h.deps.storage.exists(key)).toBe(true);
    expect((await rig.account.call('delete-transcription', { transcription_id: id })).status).toBe(200);
    expect(await rig.h.deps.storage.exists(key)).toBe(false);
    const gone = await request(rig.h.app).get(`/recordings/${id}`).set('x-api-key', rig.account.key);
    expect(gone.status).toBe(404);
  }, 60_000);

  it('is deleted by the retention purge with its transcription', async () => {
    const { id, key } = await submitAndProcess();
    await rig.h.db.transcription.update({ where: { id }, data: { submittedAt: new Date(Date.now() - 366 * 86_400_000) } });
    expect(await purgeExpiredTranscriptions(rig.h.processingContext())).toBeGreaterThanOrEqual(1);
    expect(await rig.h.db.transcription.findUnique({ where: { id } })).toBeNull();
    expect(await rig.h.deps.storage.exists(key)).toBe(false);
  }, 60_000);
});

describe('a transcription without a stored recording', () => {
  it('answers 404 saying the recording has not arrived', async () => {
    const res = await rig.account.call('request-upload-url', { configuration_id: configurationId, filename: 'later.wav' });
    expect(res.status).toBe(201);
    const id = (res.body as { data: { transcription_id: string } }).data.transcription_id;
    const missing = await request(rig.h.app).get(`/recordings/${id}`).set('x-api-key', rig.account.key);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(errorBody('not_found', `The recording of transcription ${id} has not arrived yet`));
  });
});
