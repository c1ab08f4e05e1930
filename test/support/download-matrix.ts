/**
 * What the download matrix tests share: engines that skip recognition (the matrix is about the
 * servers, not speech), a poller that calls list-transcriptions while downloads run and counts
 * every answer, and a submit that waits for the transcription's end.
 */
import { writeFile } from 'node:fs/promises';
import { LocalLanguageEngine } from '../../src/engine/local/local-language-engine.js';
import type { Engines } from '../../src/engine/engine-types.js';
import type { TestAccount } from './harness.js';
import { wavHeader } from './wav-header.js';
import { eventually } from './webhook-receiver.js';

/** A fixed transcript for any audio, and the local language engine. */
export const fixedTranscriptEngines: Engines = {
  speechToText: {
    name: 'fixed',
    transcribe: () =>
      Promise.resolve({ language: 'en', segments: [{ speaker: 'A', text: 'Hello, thank you for calling.', start: 0, end: 1 }] }),
  },
  language: new LocalLanguageEngine(),
};

/** A valid 16 kHz mono WAV of silence of exactly `bytes` bytes (header included). */
export async function writeSilentWav(file: string, bytes: number): Promise<string> {
  const data = bytes - 44;
  await writeFile(file, Buffer.concat([wavHeader(data, { sampleRate: 16_000, bitsPerSample: 16 }), Buffer.alloc(data)]));
  return file;
}

export interface ApiPoller {
  /** Stops polling; resolves with the status of every answer (a refused connection counts as 0). */
  stop(): Promise<{ polls: number; ok: number; statuses: number[] }>;
}

/** Calls list-transcriptions every `intervalMs` until stopped, one call at a time. */
export function pollListTranscriptions(account: TestAccount, intervalMs: number): ApiPoller {
  const statuses: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const status = await account.call('list-transcriptions', {}).then(
        (res) => res.status,
        () => 0,
      );
      statuses.push(status);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { polls: statuses.length, ok: statuses.filter((s) => s === 200).length, statuses };
    },
  };
}

export interface Outcome {
  id: string;
  status: 'COMPLETED' | 'FAILED';
  error: { code: string; message: string } | null;
}

/** Submits a URL and waits until its transcription leaves IN_PROGRESS. */
export async function submitAndWait(account: TestAccount, configurationId: string, url: string, timeoutMs: number): Promise<Outcome> {
  const res = await account.call('submit', { configuration_id: configurationId, url });
  if (res.status !== 201) throw new Error(`submit answered ${res.status}: ${JSON.stringify(res.body)}`);
  return waitForOutcome(account, res.body.data.transcription_id as string, timeoutMs);
}

export function waitForOutcome(account: TestAccount, id: string, timeoutMs: number): Promise<Outcome> {
  return eventually(
    async () => {
      const data = (await account.call('get-transcription', { transcription_id: id })).body.data;
      if (!data || data.status === 'IN_PROGRESS') return undefined;
      return { id, status: data.status, error: data.details?.error ?? null };
    },
    timeoutMs,
    250,
  );
}
