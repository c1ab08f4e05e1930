import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '../support/harness.js';
import { freePort } from '../support/processes.js';
import { serviceForFile } from '../support/service-for-file.js';
import { synthesizeTone } from '../support/synthesize.js';
import { eventually } from '../support/webhook-receiver.js';

const rig = serviceForFile({
  // The spec's limits, shrunk so each failure happens in about a second.
  harness: { processing: { downloadTimeoutMs: 1_000, maxRecordingBytes: 256 * 1024, maxDurationSeconds: 5 } },
  recordings: true,
  receiver: true,
  configuration: ({ receiver }) => ({
    tag: 'failures',
    webhooks: { success_url: `${receiver.baseUrl}/ok`, error_url: `${receiver.baseUrl}/error` },
  }),
  worker: {},
});
let closedPort: number;
beforeAll(async () => {
  closedPort = await freePort();
});

async function submitAndWaitForFailure(url: string) {
  const res = await rig.account.call('submit', { configuration_id: rig.configurationId, url, name: path.basename(url) });
  expect(res.status).toBe(201);
  const id: string = res.body.data.transcription_id;
  const transcription = await eventually(async () => {
    const data = (await rig.account.call('get-transcription', { transcription_id: id })).body.data;
    return data.status === 'IN_PROGRESS' ? undefined : data;
  }, 30_000);
  const webhook = await eventually(
    async () =>
      rig.receiver.received.find((w) => (w.verified as { data?: { transcription_id?: string } } | null)?.data?.transcription_id === id),
    10_000,
  );
  return { id, transcription, webhook };
}

describe('each failure ends FAILED with its code and sends the error webhook', () => {
  it.each([
    [
      'a URL that answers 404',
      () => `${rig.recordings.baseUrl}/missing/call.wav`,
      'download_failed',
      () => `The recording URL answered HTTP 404 Not Found (host ${new URL(rig.recordings.baseUrl).host})`,
    ],
    [
      'a URL that never answers',
      () => `${rig.recordings.baseUrl}/hang/call.wav`,
      'download_timeout',
      () => `The recording was not downloaded within 1 s (host ${new URL(rig.recordings.baseUrl).host})`,
    ],
    ['a body over the size cap', () => `${rig.recordings.baseUrl}/endless/call.wav`, 'recording_too_large', 'The recording exceeds 0 MB'],
    [
      'a recording over the duration cap',
      async () => rig.recordings.serve('long.wav', await synthesizeTone(8)),
      'recording_too_long',
      'The recording lasts 8 s, over the limit of 5 s',
    ],
    [
      'bytes that are not audio behind a .wav',
      () => {
        const file = path.join(tmpdir(), `garbage-${Date.now()}.wav`);
        writeFileSync(file, randomBytes(50_000));
        return rig.recordings.serve('garbage.wav', file);
      },
      'undecodable_audio',
      'The recording is not a readable audio or video file',
    ],
    // Transient: retried (three attempts) before it fails.
    [
      'a refused connection',
      () => `http://127.0.0.1:${closedPort}/closed.wav`,
      'download_failed',
      () => `The recording could not be downloaded from host 127.0.0.1:${closedPort}: connect ECONNREFUSED 127.0.0.1:${closedPort}`,
    ],
  ])(
    '%s',
    async (_label, makeUrl, code, expectedMessage) => {
      const message = typeof expectedMessage === 'function' ? expectedMessage() : expectedMessage;
      const { id, transcription, webhook } = await submitAndWaitForFailure(await makeUrl());
      expect(transcription.status).toBe('FAILED');
      expect(transcription.details.error).toEqual({ code, message });
      expect(transcription.details.completed_at).not.toBeNull();
      expect(transcription.details.evaluation).toBeNull();
      expect(webhook.path).toBe('/error');
      expect(webhook.verified).toEqual({
        type: 'transcription.failed',
        timestamp: expect.any(String),
        data: {
          transcription_id: id,
          status: 'FAILED',
          configuration_id: rig.configurationId,
          name: expect.any(String),
          error: { code, message },
        },
      });
    },
    40_000,
  );

  it('keeps nothing of a refused download in storage', async () => {
    const { id } = await submitAndWaitForFailure(`${rig.recordings.baseUrl}/endless/again.wav`);
    const row = await rig.h.db.transcription.findUniqueOrThrow({ where: { id } });
    expect(row.recordingKey).toBeNull();
    expect(await rig.h.deps.storage.exists(`${rig.account.id}/${id}.wav`)).toBe(false);
  }, 40_000);
});

describe('private addresses', () => {
  it('are refused for recordings by default: IP literals, names resolving to them, metadata, and redirects', async () => {
    // The test settings allow 127.0.0.1 by name (so the first hop of the redirect test is
    // reachable), like a deployment's ALLOW_PRIVATE_HOSTS; localhost and everything else private is refused.
    const strict = createHarness({ processing: { downloadTimeoutMs: 2_000 } });
    expect(strict.config.service.processing.allowPrivateNetwork).toBe(false);
    try {
      const own = await strict.createAccount();
      const config = (await own.call('create-configuration', { tag: 'strict' })).body.data.configuration.configuration_id;
      strict.startWorker();
      const tone = rig.recordings.serve('tone.wav', await synthesizeTone(1));
      const port = new URL(rig.recordings.baseUrl).port;
      const cases: [string, RegExp][] = [
        [
          'http://10.1.2.3:8080/a.wav',
          /^The recording URL is not allowed: 10\.1\.2\.3 resolves to 10\.1\.2\.3, a private or reserved address$/,
        ],
        ['http://[::1]:9/a.wav', /^The recording URL is not allowed: \[::1\] resolves to ::1, a private or reserved address$/],
        [
          'http://169.254.169.254/latest/meta-data.wav',
          /^The recording URL is not allowed: 169\.254\.169\.254 resolves to 169\.254\.169\.254, a private or reserved address$/,
        ],
        [
          'http://[::ffff:127.0.0.2]:9/a.wav',
          /^The recording URL is not allowed: \[::ffff:7f00:2\] resolves to 127\.0\.0\.2, a private or reserved address$/,
        ],
        [
          `http://localhost:${port}/tone.wav`,
          /^The recording URL is not allowed: localhost resolves to (127\.0\.0\.1|::1), a private or reserved address$/,
        ],
        [
          `${rig.recordings.baseUrl}/redirect/hop.wav?to=${encodeURIComponent(`http://localhost:${port}/tone.wav`)}`,
          /^The recording URL is not allowed: localhost resolves to (127\.0\.0\.1|::1), a private or reserved address$/,
        ],
      ];
      // Six at once: a 429 or 503 (the suite's other files share the queue) is waited out as a client would.
      const submit = async (url: string): Promise<string> => {
        for (let attempt = 1; ; attempt++) {
          const res = await own.call('submit', { configuration_id: config, url });
          if (res.status === 201) return res.body.data.transcription_id as string;
          if (![429, 503].includes(res.status) || attempt === 10)
            throw new Error(`submit ${url}: ${res.status} ${JSON.stringify(res.body)}`);
          await new Promise((r) => setTimeout(r, Math.min(Number(res.headers['retry-after'] ?? 1), 3) * 1000));
        }
      };
      const ids = await Promise.all(cases.map(([url]) => submit(url)));
      const errors = await Promise.all(
        ids.map((id) =>
          eventually(async () => {
            const data = (await own.call('get-transcription', { transcription_id: id })).body.data;
            return data.status === 'IN_PROGRESS' ? undefined : data.details.error;
          }, 20_000),
        ),
      );
      errors.forEach((error, i) => {
        expect(error.code, cases[i][0]).toBe('download_failed');
        expect(error.message, cases[i][0]).toMatch(cases[i][1]);
      });
      expect(rig.recordings.hits('/redirect/hop.wav')).toBe(1); // the allowlisted first hop was reached…
      expect(rig.recordings.hits('/tone.wav')).toBe(0); // …the private target never
      // The allowlisted host itself works.
      const allowed = (await own.call('submit', { configuration_id: config, url: tone })).body.data.transcription_id as string;
      const done = await eventually(async () => {
        const data = (await own.call('get-transcription', { transcription_id: allowed })).body.data;
        return data.status === 'IN_PROGRESS' ? undefined : data;
      }, 30_000);
      expect(done.status).toBe('COMPLETED');
    } finally {
      await strict.close();
    }
  }, 60_000);
});
