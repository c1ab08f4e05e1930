/**
 * Pipeline benchmark: 50 synthesized recordings of about 30 s of speech (10 dialogues × 5 forms:
 * stereo and mono, WAV, MP3, Ogg, FLAC) through submit → worker (concurrency 2, one per core)
 * → COMPLETED, on this machine's real PostgreSQL and Redis with the local engines.
 * Prints throughput, the recogniser's real-time factor, the pipeline's overhead over the engines,
 * and the word error rate of the local recogniser on the set.
 *   npm run bench:pipeline                              (uses TEST_DATABASE_URL, default convoqa_test)
 *   npm run bench:pipeline -- --recognizer=pocketsphinx the other local recogniser
 */
import type { Engines } from '../../src/engine/engine-types.js';
import { EngineSettings } from '../../src/engine/engine-settings.js';
import { createEngines } from '../../src/engine/create-engines.js';

process.env.DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/convoqa_test';

const { applyMigrations } = await import('../../prisma/runner/migrate-deploy.js');
const { createHarness } = await import('../support/harness.js');
const { startRecordingServer } = await import('../support/recording-server.js');
const { synthesizeConversation } = await import('../support/synthesize.js');
const { eventually } = await import('../support/webhook-receiver.js');
const { dialogues } = await import('./dialogues.js');
const { wordErrors } = await import('./word-error-rate.js');

const print = (line = '') => process.stdout.write(`${line}\n`);

await applyMigrations(process.env.DATABASE_URL);
const variants = [
  { stereo: true, format: 'wav', wordsPerMinute: 150 },
  { stereo: false, format: 'wav', wordsPerMinute: 150 },
  { stereo: false, format: 'mp3', wordsPerMinute: 160 },
  { stereo: true, format: 'ogg', wordsPerMinute: 140 },
  { stereo: false, format: 'flac', wordsPerMinute: 155 },
] as const;

print('synthesizing 50 recordings (cached after the first run)…');
const recordings = await startRecordingServer();
const jobs: { url: string; reference: string; referenceBySpeaker: Record<string, string>; stereo: boolean }[] = [];
for (const [d, turns] of dialogues.entries()) {
  for (const [v, variant] of variants.entries()) {
    const file = await synthesizeConversation(turns, variant);
    jobs.push({
      url: recordings.serve(`bench/${d}-${v}.${variant.format}`, file),
      reference: turns.map((t) => t.text).join(' '),
      referenceBySpeaker: {
        A: turns
          .filter((t) => t.speaker === 'A')
          .map((t) => t.text)
          .join(' '),
        B: turns
          .filter((t) => t.speaker === 'B')
          .map((t) => t.text)
          .join(' '),
      },
      stereo: variant.stereo,
    });
  }
}

// Engines wrapped to measure the time spent in them.
let sttMs = 0;
let languageMs = 0;
const recognizer = process.argv.find((a) => a.startsWith('--recognizer='))?.split('=')[1] ?? 'moonshine';
const { speechToText: stt, language } = createEngines(EngineSettings.parse({ ENGINE: 'local', ENGINE_LOCAL_RECOGNIZER: recognizer }));
const time = async <T>(work: () => Promise<T>, add: (ms: number) => void) => {
  const started = performance.now();
  try {
    return await work();
  } finally {
    add(performance.now() - started);
  }
};
const engines: Engines = {
  speechToText: {
    name: 'local',
    transcribe: (audio, hints) =>
      time(
        () => stt.transcribe(audio, hints),
        (ms) => (sttMs += ms),
      ),
  },
  language: {
    name: 'local',
    summarize: (t, o) =>
      time(
        () => language.summarize(t, o),
        (ms) => (languageMs += ms),
      ),
    extractFields: (t, f, c) =>
      time(
        () => language.extractFields(t, f, c),
        (ms) => (languageMs += ms),
      ),
    judgeCriteria: (t, e) =>
      time(
        () => language.judgeCriteria(t, e),
        (ms) => (languageMs += ms),
      ),
  },
};

const h = createHarness({ processing: { maxWaitingPerAccount: 100 } });
const account = await h.createAccount();
const configurationId = (
  await account.call('create-configuration', {
    tag: 'bench',
    summary: true,
    extraction_fields: [{ name: 'order_number', type: 'number', description: 'Order or tracking number' }],
  })
).body.data.configuration.configuration_id as string;
const evaluatorId = (
  await account.call('create-evaluator', {
    tag: 'bench',
    criteria: [
      { name: 'Greeting', type: 'boolean', weight: 30 },
      { name: 'Empathy', type: 'scale', weight: 40 },
      { name: 'Closing', type: 'boolean', weight: 30 },
      { name: 'No rudeness', description: 'Never insults the customer', type: 'strict', weight: 0 },
    ],
  })
).body.data.evaluator.evaluator_id as string;

const concurrency = 2;
const started = performance.now();
const ids: string[] = [];
for (const job of jobs) {
  const res = await account.call('submit', { configuration_id: configurationId, evaluator_id: evaluatorId, url: job.url });
  if (res.status !== 201) throw new Error(`submit answered ${res.status}: ${JSON.stringify(res.body)}`);
  ids.push(res.body.data.transcription_id as string);
}
h.startWorker({ engines, concurrency });
const rows = await eventually(
  async () => {
    const done = await h.db.transcription.findMany({ where: { id: { in: ids }, status: { not: 'IN_PROGRESS' } } });
    return done.length === ids.length ? done : undefined;
  },
  60 * 60_000,
  500,
);
const wallMs = performance.now() - started;

const failed = rows.filter((r) => r.status !== 'COMPLETED');
const audioSeconds = rows.reduce((s, r) => s + r.duration, 0);
const processingMs = rows.reduce((s, r) => s + ((r.completedAt?.getTime() ?? 0) - (r.processingStartedAt?.getTime() ?? 0)), 0);
const engineMs = sttMs + languageMs;

let errors = 0,
  words = 0,
  stereoErrors = 0,
  stereoWords = 0,
  monoErrors = 0,
  monoWords = 0;
const bySpeaker: Record<string, { errors: number; words: number }> = { A: { errors: 0, words: 0 }, B: { errors: 0, words: 0 } };
let speakerCountRight = 0;
for (const [i, id] of ids.entries()) {
  const row = rows.find((r) => r.id === id)!;
  const segments = (row.conversation as { segments?: { speaker: string; text: string }[] } | null)?.segments ?? [];
  const job = jobs[i];
  const w = wordErrors(job.reference, segments.map((s) => s.text).join(' '));
  errors += w.errors;
  words += w.words;
  if (job.stereo) {
    stereoErrors += w.errors;
    stereoWords += w.words;
    for (const speaker of ['A', 'B']) {
      const ws = wordErrors(
        job.referenceBySpeaker[speaker],
        segments
          .filter((s) => s.speaker === speaker)
          .map((s) => s.text)
          .join(' '),
      );
      bySpeaker[speaker].errors += ws.errors;
      bySpeaker[speaker].words += ws.words;
    }
  } else {
    monoErrors += w.errors;
    monoWords += w.words;
  }
  if (row.numSpeakers === 2) speakerCountRight += 1;
}
const pct = (e: number, n: number) => `${((100 * e) / Math.max(1, n)).toFixed(1)}%`;

print();
print(`pipeline bench — local engines (${recognizer}), worker concurrency 2 on this 2-core machine`);
print(
  `recordings           ${rows.length} (${failed.length} failed), ${(audioSeconds / rows.length).toFixed(1)} s of audio each on average`,
);
print(`wall time            ${(wallMs / 1000).toFixed(1)} s from first submit to last completion`);
print(`throughput           ${((rows.length * 60_000) / wallMs).toFixed(1)} recordings per minute`);
print(`real-time factor     ${(sttMs / 1000 / audioSeconds).toFixed(3)} (speech-to-text seconds per second of audio, one core)`);
print(`engine time          ${(sttMs / 1000).toFixed(1)} s speech-to-text + ${(languageMs / 1000).toFixed(2)} s language`);
print(`pipeline overhead    ${(processingMs / engineMs).toFixed(2)}× (processing time per recording ÷ its engine time; goal ≤ 1.5×)`);
print(`batch efficiency     ${((wallMs * concurrency) / engineMs).toFixed(2)}× (wall time × 2 workers ÷ engine time)`);
print(
  `word error rate      ${pct(errors, words)} over ${words} reference words (stereo ${pct(stereoErrors, stereoWords)}, mono ${pct(monoErrors, monoWords)})`,
);
print(
  `  by voice (stereo)  A ${'en-us+klatt2'} ${pct(bySpeaker.A.errors, bySpeaker.A.words)}, B ${'en-us+f2'} ${pct(bySpeaker.B.errors, bySpeaker.B.words)}`,
);
print(`two speakers found   ${speakerCountRight} of ${rows.length}`);

await h.close();
await recordings.close();
process.exit(0);
