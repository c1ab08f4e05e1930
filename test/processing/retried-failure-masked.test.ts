/**
 * A failed attempt that will be retried (docs/redaction.md, "The built-in service"): with
 * redact_pii on, the error the worker logs and the queue keeps as the job's failed reason is masked
 * like the final failure's log line, since an engine's error may quote the transcript.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engines } from '../../src/engine/engine-types.js';
import { LocalLanguageEngine } from '../../src/engine/local/local-language-engine.js';
import { processRecording } from '../../src/service/processing/process-recording.js';
import { writeSilentWav } from '../support/download-matrix.js';
import { serviceForFile } from '../support/service-for-file.js';
import { seedConfiguration } from '../support/seed.js';

const rig = serviceForFile({ recordings: true });
let audioUrl: string;

beforeAll(async () => {
  audioUrl = rig.recordings.serve('silence.wav', await writeSilentWav(path.join(rig.h.dataDir, 'retried-silence.wav'), 32_044));
});

const echoingEngines: Engines = {
  speechToText: {
    name: 'echoing',
    transcribe: () =>
      Promise.reject(new Error('bad input: my card number is 4539 1488 0343 6467', { cause: new Error('card 4539148803436467') })),
  },
  language: new LocalLanguageEngine(),
};

async function submitWith(redaction: object | undefined): Promise<string> {
  const configuration = await seedConfiguration(rig.h.db, rig.account.id, redaction ? { redaction } : {});
  const res = await rig.account.call('submit', { configuration_id: configuration.id, url: audioUrl });
  expect(res.status).toBe(201);
  return (res.body as { data: { transcription_id: string } }).data.transcription_id;
}

describe('an attempt that fails and will be retried', () => {
  it('throws the error masked when redact_pii is on', async () => {
    const id = await submitWith({ redact_pii: true, redact_pii_policies: ['credit_card_number'] });
    const thrown = await processRecording(rig.h.processingContext({ engines: echoingEngines }), id, { isLast: false }).catch(
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(Error);
    const error = thrown as Error;
    expect(error.message).toBe('bad input: my card number is [CREDIT_CARD_NUMBER]');
    expect(JSON.stringify({ message: error.message, stack: error.stack, cause: String((error.cause as Error)?.message) })).not.toMatch(
      /4539/,
    );
    expect((await rig.h.db.transcription.findUniqueOrThrow({ where: { id } })).status).not.toBe('FAILED');
  });

  it('throws the error as it is when redact_pii is off', async () => {
    const id = await submitWith(undefined);
    const thrown = await processRecording(rig.h.processingContext({ engines: echoingEngines }), id, { isLast: false }).catch(
      (e: unknown) => e,
    );
    expect((thrown as Error).message).toBe('bad input: my card number is 4539 1488 0343 6467');
  });
});
