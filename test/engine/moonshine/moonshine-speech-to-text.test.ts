import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEngines } from '../../../src/engine/build-engines.js';
import { EngineSettings } from '../../../src/engine/engine-settings.js';
import { MoonshineRecognizer } from '../../../src/engine/local/moonshine/moonshine-recognizer.js';
import { repetitionToDrop } from '../../../src/engine/local/moonshine/repetition.js';
import { MoonshineSpeechToText } from '../../../src/engine/local/moonshine/moonshine-speech-to-text.js';
import { defaultSpeechModelDir, projectRoot, speechModelFiles } from '../../../src/engine/local/moonshine/speech-model-files.js';
import { VocabularyBias } from '../../../src/engine/local/moonshine/vocabulary-bias.js';
import { decodeRecording } from '../../../src/service/processing/decode-recording.js';
import type { DecodedRecording } from '../../../src/engine/engine-types.js';
import { readPcmRange } from '../../../src/engine/audio/pcm-wav.js';
import { wordErrors } from '../../bench/word-error-rate.js';
import { synthesizeConversation, type Turn } from '../../support/synthesize.js';

// Voices the engine was never tuned on (docs/engine-bench.md, "The development and held-out sets"): a man's for the agent, a woman's for the caller.
const voices = { A: 'en-us+m3', B: 'en-us+f4' };
const turns: Turn[] = [
  { speaker: 'A', text: 'Thank you for calling Brightline, my name is Sam. How can I help you today?' },
  { speaker: 'B', text: 'Hello, my internet has been dropping every evening for a week now.' },
  { speaker: 'A', text: 'I am sorry to hear that. Can I have your date of birth please?' },
  { speaker: 'B', text: 'It is the fourth of March nineteen eighty.' },
  { speaker: 'A', text: 'Thank you. I have booked an engineer for Friday. Is there anything else I can help with?' },
];
const hints = { vocabulary: [], domainText: ['Inbound calls for Brightline, a broadband provider.'] };
const said = (speaker: 'A' | 'B') =>
  turns
    .filter((t) => t.speaker === speaker)
    .map((t) => t.text)
    .join(' ');
const heard = (segments: { speaker: string; text: string }[], speaker: string) =>
  segments
    .filter((s) => s.speaker === speaker)
    .map((s) => s.text)
    .join(' ');

describe('offline speech-to-text with Moonshine (the default recogniser)', () => {
  let work: string;
  let stereo: DecodedRecording;
  let mono: DecodedRecording;
  const engine = new MoonshineSpeechToText({ modelDir: defaultSpeechModelDir });

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'convoqa-moonshine-test-'));
    await Promise.all(['stereo', 'mono'].map((d) => import('node:fs/promises').then((fs) => fs.mkdir(path.join(work, d)))));
    [stereo, mono] = await Promise.all([
      decodeRecording(await synthesizeConversation(turns, { stereo: true, voices }), path.join(work, 'stereo'), {
        stereo: true,
        maxDurationSeconds: 600,
      }),
      decodeRecording(await synthesizeConversation(turns, { stereo: false, voices }), path.join(work, 'mono'), {
        stereo: false,
        maxDurationSeconds: 600,
      }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it("is the local engine's default recogniser, and pocketsphinx is one setting away", () => {
    expect(EngineSettings.parse({})).toMatchObject({
      kind: 'local',
      recognizer: 'moonshine',
      speechModelDir: defaultSpeechModelDir,
      speechThreads: 1,
    });
    expect(buildEngines(EngineSettings.parse({})).speechToText).toBeInstanceOf(MoonshineSpeechToText);
    expect(buildEngines(EngineSettings.parse({ ENGINE_LOCAL_RECOGNIZER: 'pocketsphinx' })).speechToText).not.toBeInstanceOf(
      MoonshineSpeechToText,
    );
    expect(() => EngineSettings.parse({ ENGINE_LOCAL_RECOGNIZER: 'whisper' })).toThrow(/ENGINE_LOCAL_RECOGNIZER/);
    // A relative model folder is the project's; the word model's general English follows ENGINE_LOCAL_MODEL_DIR.
    const configured = EngineSettings.parse({
      ENGINE_LOCAL_SPEECH_MODEL_DIR: 'models/moonshine',
      ENGINE_LOCAL_SPEECH_THREADS: '2',
      ENGINE_LOCAL_MODEL_DIR: '/opt/en-us',
    });
    expect(configured).toMatchObject({ speechModelDir: path.join(projectRoot, 'models/moonshine'), speechThreads: 2 });
    expect((buildEngines(configured).speechToText as MoonshineSpeechToText).settings).toMatchObject({
      threads: 2,
      generalUnigramsFile: '/opt/en-us/en-us.lm.bin',
    });
    expect(() => EngineSettings.parse({ ENGINE_LOCAL_SPEECH_THREADS: '0' })).toThrow(/ENGINE_LOCAL_SPEECH_THREADS/);
  });

  it('transcribes a stereo call by channel: each turn to its speaker, the words nearly as said', async () => {
    const { language, segments } = await engine.transcribe(stereo, hints);
    expect(language).toBe('en');
    expect(segments.map((s) => s.speaker)).toEqual(['A', 'B', 'A', 'B', 'A']);
    for (const [i, segment] of segments.entries()) {
      expect(segment.end).toBeGreaterThan(segment.start);
      if (i > 0) expect(segment.start).toBeGreaterThanOrEqual(segments[i - 1]?.end ?? 0);
    }
    // f4, the caller, is the hardest voice measured (about 30% of its words wrong over the development calls).
    for (const [speaker, most] of [
      ['A', 0.15],
      ['B', 0.5],
    ] as const) {
      const { errors, words } = wordErrors(said(speaker), heard(segments, speaker));
      expect(errors / words, `${speaker}: ${heard(segments, speaker)}`).toBeLessThan(most);
    }
    expect(segments[0]?.text).toContain('Brightline');
  }, 60_000);

  it('tells the two voices of a mono call apart by pitch', async () => {
    const { segments } = await engine.transcribe(mono, hints);
    expect(segments.map((s) => s.speaker)).toEqual(['A', 'B', 'A', 'B', 'A']);
    const { errors, words } = wordErrors(turns.map((t) => t.text).join(' '), segments.map((s) => s.text).join(' '));
    expect(errors / words).toBeLessThan(0.35);
  }, 60_000);

  it("biases the decoder toward the configuration's vocabulary: names it has never seen come out as configured", async () => {
    const recognizer = await MoonshineRecognizer.load(speechModelFiles(defaultSpeechModelDir), { threads: 1 });
    const results = [];
    for (const brand of ['Telvora', 'Nexora']) {
      const file = await synthesizeConversation([{ speaker: 'A', text: `Thank you for calling ${brand} support, my name is Daniel.` }], {
        voices,
      });
      // Half a second of silence either side, as the engine reads a turn.
      const speech = await readPcmRange(file, 0, 30);
      const samples = new Float32Array(speech.length + 16_000);
      samples.set(
        Float32Array.from(speech, (v) => v / 32768),
        8_000,
      );
      // As the engine decodes: four hypotheses at each step.
      const bias = new VocabularyBias({ terms: [brand], domainWords: [] });
      const [plain, biased] = [
        await recognizer.recognize(samples, { beamWidth: 4 }),
        await recognizer.recognize(samples, { beamWidth: 4, bias }),
      ];
      expect(biased).toContain(brand);
      results.push({ brand, plain });
    }
    // The bias did the work: unbiased, the model spells at least one of them otherwise ("next for a").
    expect(results.filter((r) => !r.plain.toLowerCase().includes(r.brand.toLowerCase())).length, JSON.stringify(results)).toBeGreaterThan(
      0,
    );
    await recognizer.release();
  }, 60_000);

  it('says how to install the model when it is missing, and fails the call rather than inventing words', async () => {
    const missing = new MoonshineSpeechToText({ modelDir: path.join(work, 'no-model') });
    await expect(missing.transcribe(stereo, hints)).rejects.toThrow(
      /offline speech model could not be loaded from .*no-model \(run npm run setup:system to install it\)/,
    );
  });

  it("cuts a decoder's repetition down to one copy, and leaves a long number's zeros alone", () => {
    expect(repetitionToDrop([5, 7, 8, 7, 8, 7, 8, 7, 8])).toBe(6);
    expect(repetitionToDrop([5, 7, 8, 7, 8, 7, 8])).toBe(0);
    expect(repetitionToDrop([1, ...Array<number>(6).fill(0)])).toBe(0);
    expect(repetitionToDrop(Array<number>(10).fill(3))).toBe(9);
  });
});
