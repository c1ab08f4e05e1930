import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineSettings, defaultLocalModelDir } from '../../src/engine/engine-settings.js';
import type { DecodedRecording, Transcript } from '../../src/engine/engine-types.js';
import { LocalSpeechToText, defaultLocalSpeechSettings } from '../../src/engine/local/local-speech-to-text.js';
import { generalModelFiles, pocketsphinxArguments, recognizeWithPocketsphinx } from '../../src/engine/local/pocketsphinx.js';
import { estimateSpeakerTransform, sphinxtrainDir } from '../../src/engine/local/speaker-adaptation/estimate-speaker-transform.js';
import { trainingModelFiles } from '../../src/engine/local/speaker-adaptation/training-model-files.js';
import { adaptationStretches, decodeWithSpeakerAdaptation, defaultTwoPassSettings } from '../../src/engine/local/two-pass-adaptation.js';
import { decodeRecording } from '../../src/service/processing/decode-recording.js';
import { readSphinxGaussians, rmsDifference } from '../support/sphinx-gaussians.js';
import { synthesizeConversation, type Turn } from '../support/synthesize.js';

const turns: Turn[] = [
  { speaker: 'A', text: 'Thank you for calling Brightline, my name is Sam, how can I help you today?' },
  { speaker: 'B', text: 'Hello, my internet has been dropping every evening for a week now.' },
  { speaker: 'A', text: 'I am sorry to hear that. Can I have your date of birth and postcode please?' },
  { speaker: 'B', text: 'It is the fourth of March nineteen eighty, and the postcode is four five one two.' },
];
// A short call gives few words: lower the bar so both speakers are adapted.
const twoPass = { ...defaultTwoPassSettings, minWords: 5 };
const isInstalled = existsSync(`${defaultLocalModelDir}/en-us/sendump`) && existsSync(`${sphinxtrainDir}/bw`);

describe.runIf(isInstalled)('unsupervised speaker adaptation in two passes (docs/engine.md, "Two-pass speaker adaptation")', () => {
  let work: string;
  let audio: DecodedRecording;
  let onePass: Transcript;
  const hints = { vocabulary: ['Brightline'], domainText: ['Brightline broadband support.'] };

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'convoqa-two-pass-test-'));
    audio = await decodeRecording(await synthesizeConversation(turns, { stereo: true }), work, { stereo: true, maxDurationSeconds: 600 });
    onePass = await new LocalSpeechToText({ modelDir: defaultLocalModelDir, twoPass: false }).transcribe(audio, hints);
  }, 60_000);
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  /** The call decoded once (no adaptation), its first half said to be A's and its second B's. */
  const firstPassInHalves = async () => {
    const utterances = await recognizeWithPocketsphinx(audio.mixdown, { timeoutMs: 60_000, modelDir: defaultLocalModelDir });
    const firstPass = utterances.flatMap((u) => u.words);
    const half = firstPass[Math.floor(firstPass.length / 2)]?.start ?? 0;
    const spans = [
      { start: 0, end: half, speaker: 'A' },
      { start: half, end: audio.durationSeconds, speaker: 'B' },
    ];
    return { utterances, firstPass, spans };
  };

  it('is on by default, and off on request', () => {
    expect(defaultLocalSpeechSettings.twoPass).toEqual(defaultTwoPassSettings);
    expect(EngineSettings.parse({})).toMatchObject({ kind: 'local', twoPassAdaptation: true });
    expect(EngineSettings.parse({ ENGINE_LOCAL_TWO_PASS_ADAPTATION: 'false' })).toMatchObject({ twoPassAdaptation: false });
    // One round by default (a scaled high voice takes two, high-voice-scaling.ts); a later round is kept only when the decoder is surer.
    expect(defaultTwoPassSettings.rounds).toBe(1);
    expect(defaultTwoPassSettings.laterRoundsMustBeSurer).toBe(true);
    // The likelihood warp is an option, off by default (docs/engine.md, "Options measured and left off").
    expect(defaultTwoPassSettings.warps).toEqual([1]);
    expect(EngineSettings.parse({})).toMatchObject({ twoPassWarp: false });
    expect(EngineSettings.parse({ ENGINE_LOCAL_TWO_PASS_WARP: 'true' })).toMatchObject({ twoPassWarp: true });
    // MAP adaptation of the means too: off (MLLR only) unless given a prior weight.
    expect(defaultTwoPassSettings.mapPriorFrames).toBeNull();
    expect(EngineSettings.parse({})).toMatchObject({ twoPassMapPriorFrames: null });
    expect(EngineSettings.parse({ ENGINE_LOCAL_TWO_PASS_MAP_PRIOR_FRAMES: '300' })).toMatchObject({ twoPassMapPriorFrames: 300 });
    expect(EngineSettings.safeParse({ ENGINE_LOCAL_TWO_PASS_MAP_PRIOR_FRAMES: '-1' }).success).toBe(false);
  });

  it("estimates a transform per speaker from the first decode and takes each speaker's words from their own second decode", async () => {
    const utterances = await recognizeWithPocketsphinx(audio.mixdown, { timeoutMs: 60_000, modelDir: defaultLocalModelDir });
    const firstPass = utterances.flatMap((u) => u.words);
    // The agent speaks first, then the customer, then each once more.
    const middle = (i: number) => ((firstPass[i]?.start ?? 0) + (firstPass[i]?.end ?? 0)) / 2;
    const cut = [0.25, 0.5, 0.75].map((f) => middle(Math.floor(f * firstPass.length)));
    const spans = [
      { start: 0, end: cut[0] ?? 0, speaker: 'A' },
      { start: cut[0] ?? 0, end: cut[1] ?? 0, speaker: 'B' },
      { start: cut[1] ?? 0, end: cut[2] ?? 0, speaker: 'A' },
      { start: cut[2] ?? 0, end: audio.durationSeconds, speaker: 'B' },
    ];
    expect(
      adaptationStretches(firstPass, spans, 'A', 0)
        .map((s) => s.words.length)
        .reduce((a, b) => a + b, 0),
    ).toBeGreaterThan(5);
    expect(adaptationStretches(firstPass, spans, 'A', 1.01)).toEqual([]);
    // The model files bw needs are made once (training-model-files.ts), not per speaker.
    const model = await trainingModelFiles(defaultLocalModelDir);
    const stampOf = async () =>
      (
        await Promise.all([model.mdefText, model.mixtureWeights].map(async (f) => `${(await stat(f)).ino}:${(await stat(f)).mtimeMs}`))
      ).join(' ');
    const stamp = await stampOf();
    // The second decodes are the engine's (next test); here each one marks its words by transform.
    // Each speaker is estimated and decoded from their own recording (B's: a copy, as a high voice's scaled copy would be).
    const copyForB = path.join(work, 'speaker-b.wav');
    await copyFile(audio.mixdown, copyForB);
    const transforms: string[] = [];
    const decodedFiles: string[] = [];
    const result = await decodeWithSpeakerAdaptation(
      {
        audioOf: (speaker) => ({ wavFile: speaker === 'B' ? copyForB : audio.mixdown, firstPass }),
        spans,
        decodeWith: async (wavFile, { file: transform, warp, meansFile }) => {
          expect(warp).toBe(1);
          // MLLR alone by default: no MAP-adapted means.
          expect(meansFile).toBeUndefined();
          transforms.push(transform);
          decodedFiles.push(wavFile);
          const numbers = (await readFile(transform, 'utf8')).trim().split(/\s+/).map(Number);
          // One class, three streams of 13: sphinxtrain's MLLR file, as pocketsphinx -mllr reads it.
          expect(numbers.slice(0, 3)).toEqual([1, 3, 13]);
          return utterances.map((u) => ({ ...u, words: u.words.map((w) => ({ ...w, word: `${w.word}@${transforms.length}` })) }));
        },
        modelDir: defaultLocalModelDir,
        dictionaryFile: generalModelFiles(defaultLocalModelDir).dictionary,
        workDir: work,
      },
      twoPass,
    );
    expect(result.adaptedSpeakers.sort()).toEqual(['A', 'B']);
    expect(await stampOf()).toBe(stamp);
    for (const speaker of ['A', 'B']) expect(await readdir(path.join(work, `adapt-1-${speaker}`))).not.toContain('model');
    expect(new Set(transforms).size).toBe(2);
    expect(decodedFiles).toEqual([audio.mixdown, copyForB]);
    for (const chunk of result.chunks)
      expect(chunk.text.split(' ').every((w) => w.endsWith(chunk.speaker === 'A' ? '@1' : '@2'))).toBe(true);
    expect(new Set(result.chunks.map((c) => c.speaker))).toEqual(new Set(['A', 'B']));
  }, 60_000);

  it("estimates again from the adapted words in another round, and takes each speaker's words from their last decode", async () => {
    const { utterances, firstPass, spans } = await firstPassInHalves();
    const roundsWork = path.join(work, 'rounds');
    const decodes: string[] = [];
    const result = await decodeWithSpeakerAdaptation(
      {
        audioOf: () => ({ wavFile: audio.mixdown, firstPass }),
        spans,
        // Each decode gives the first decode's words (real words, so the next round's bw can align them), marked by its order in the last one.
        decodeWith: async (_wavFile, { file: transform }) => {
          decodes.push(transform);
          return decodes.length === 4
            ? utterances.map((u) => ({ ...u, words: u.words.map((w) => ({ ...w, word: `${w.word}@4` })) }))
            : utterances;
        },
        modelDir: defaultLocalModelDir,
        dictionaryFile: generalModelFiles(defaultLocalModelDir).dictionary,
        workDir: roundsWork,
      },
      // Every later round kept (the check that the decoder is surer has its own test below).
      { ...twoPass, rounds: 2, laterRoundsMustBeSurer: false },
    );
    // A, B, then A and B again, each with a transform of its own round.
    expect(decodes.map((d) => path.basename(path.dirname(d)))).toEqual(['adapt-1-A', 'adapt-1-B', 'adapt-2-A', 'adapt-2-B']);
    expect(result.adaptedSpeakers.sort()).toEqual(['A', 'B']);
    // B's words come from its last decode (the fourth), A's from its own (the third, unmarked).
    for (const chunk of result.chunks) expect(chunk.text.split(' ').every((w) => w.endsWith('@4') === (chunk.speaker === 'B'))).toBe(true);
  }, 90_000);

  it("gives a speaker the rounds their audio asks for (a scaled high voice), the others the settings' rounds", async () => {
    const { utterances, firstPass, spans } = await firstPassInHalves();
    const decodes: string[] = [];
    const result = await decodeWithSpeakerAdaptation(
      {
        audioOf: (speaker) => ({ wavFile: audio.mixdown, firstPass, ...(speaker === 'B' ? { rounds: 2 } : {}) }),
        spans,
        decodeWith: async (_wavFile, { file: transform }) => {
          decodes.push(transform);
          // B's first adapted words stay real words: the next round's bw aligns them.
          const mark = decodes.length === 2 ? '' : `@${decodes.length}`;
          return utterances.map((u) => ({ ...u, words: u.words.map((w) => ({ ...w, word: `${w.word}${mark}` })) }));
        },
        modelDir: defaultLocalModelDir,
        dictionaryFile: generalModelFiles(defaultLocalModelDir).dictionary,
        workDir: path.join(work, 'per-speaker-rounds'),
      },
      { ...twoPass, laterRoundsMustBeSurer: false },
    );
    // A once (the settings' one round), B twice; the next round estimates B again from its adapted words.
    expect(decodes.map((d) => path.basename(path.dirname(d)))).toEqual(['adapt-1-A', 'adapt-1-B', 'adapt-2-B']);
    for (const chunk of result.chunks)
      expect(chunk.text.split(' ').every((w) => w.endsWith(chunk.speaker === 'A' ? '@1' : '@3'))).toBe(true);
  }, 90_000);

  it("keeps a later round only when the decoder is surer of the speaker's words, and then stops adapting that speaker", async () => {
    const { utterances, firstPass, spans } = await firstPassInHalves();
    const decodes: string[] = [];
    const withWords = (mark: string, confidence: number) =>
      utterances.map((u) => ({ ...u, words: u.words.map((w) => ({ ...w, word: `${w.word}${mark}`, confidence })) }));
    const result = await decodeWithSpeakerAdaptation(
      {
        audioOf: (speaker) => ({ wavFile: audio.mixdown, firstPass, rounds: speaker === 'A' ? 2 : 3 }),
        spans,
        decodeWith: async (_wavFile, { file: transform }) => {
          decodes.push(transform);
          // Round one: A and B as heard (real words, for the next round's bw); round two: A surer, B less sure.
          return (
            [withWords('', 0.5), withWords('', 0.5), withWords('@3', 0.9), withWords('@4', 0.1)][decodes.length - 1] ?? withWords('@5', 1)
          );
        },
        modelDir: defaultLocalModelDir,
        dictionaryFile: generalModelFiles(defaultLocalModelDir).dictionary,
        workDir: path.join(work, 'surer-rounds'),
      },
      { ...twoPass, laterRoundsMustBeSurer: true },
    );
    // B's next round was less sure: B keeps its first adapted words and takes no more rounds.
    expect(decodes.map((d) => path.basename(path.dirname(d)))).toEqual(['adapt-1-A', 'adapt-1-B', 'adapt-2-A', 'adapt-2-B']);
    expect(result.adaptedSpeakers.sort()).toEqual(['A', 'B']);
    for (const chunk of result.chunks)
      expect(chunk.text.split(' ').every((w) => (chunk.speaker === 'A' ? w.endsWith('@3') : !w.includes('@')))).toBe(true);
  }, 120_000);

  it("chooses a speaker's vocal tract length warp by likelihood before estimating on it, when given warps to choose from", async () => {
    const utterances = await recognizeWithPocketsphinx(audio.mixdown, { timeoutMs: 60_000, modelDir: defaultLocalModelDir });
    const words = utterances.flatMap((u) => u.words);
    const stretches = [{ start: 0, end: audio.durationSeconds, words: words.map((w) => w.word) }];
    const options = {
      modelDir: defaultLocalModelDir,
      dictionaryFile: generalModelFiles(defaultLocalModelDir).dictionary,
      timeoutMs: 60_000,
    };
    const unwarped = await estimateSpeakerTransform(audio.mixdown, stretches, { ...options, workDir: path.join(work, 'no-warp') });
    expect(unwarped.warp).toBe(1);
    expect(unwarped.warpLogLikelihoods.size).toBe(0);
    const warped = await estimateSpeakerTransform(audio.mixdown, stretches, {
      ...options,
      workDir: path.join(work, 'warps'),
      warps: [0.9, 1, 1.1],
    });
    const likelihoods = [...warped.warpLogLikelihoods];
    expect(likelihoods.map(([w]) => w)).toEqual([0.9, 1, 1.1]);
    expect(likelihoods.every(([, l]) => Number.isFinite(l) && l < 0)).toBe(true);
    // The chosen warp is the most likely one, and the transform was estimated on its features.
    expect(warped.warpLogLikelihoods.get(warped.warp)).toBe(Math.max(...likelihoods.map(([, l]) => l)));
    expect((await readFile(warped.file, 'utf8')).trim().split(/\s+/).map(Number).slice(0, 3)).toEqual([1, 3, 13]);
  }, 60_000);

  it('MAP-adapts the means on top of the transform when given a prior weight: the heavier the prior, the nearer the transformed means', async () => {
    const utterances = await recognizeWithPocketsphinx(audio.mixdown, { timeoutMs: 60_000, modelDir: defaultLocalModelDir });
    const stretches = [{ start: 0, end: audio.durationSeconds, words: utterances.flatMap((u) => u.words).map((w) => w.word) }];
    const options = {
      modelDir: defaultLocalModelDir,
      dictionaryFile: generalModelFiles(defaultLocalModelDir).dictionary,
      timeoutMs: 60_000,
    };
    const mllrOnly = await estimateSpeakerTransform(audio.mixdown, stretches, { ...options, workDir: path.join(work, 'mllr-only') });
    expect(mllrOnly.meansFile).toBeUndefined();
    const light = await estimateSpeakerTransform(audio.mixdown, stretches, {
      ...options,
      workDir: path.join(work, 'map-light'),
      mapPriorFrames: 10,
    });
    const heavy = await estimateSpeakerTransform(audio.mixdown, stretches, {
      ...options,
      workDir: path.join(work, 'map-heavy'),
      mapPriorFrames: 10_000,
    });
    const model = await readSphinxGaussians(path.join(defaultLocalModelDir, 'en-us', 'means'));
    // The transformed means the MAP step starts from (mllr_transform's output beside it).
    const transformed = await readSphinxGaussians(path.join(work, 'map-light', 'means.mllr'));
    const [lightMeans, heavyMeans] = await Promise.all([light, heavy].map((t) => readSphinxGaussians(t.meansFile ?? '')));
    expect(lightMeans?.length).toBe(model.length);
    expect(rmsDifference(transformed, model)).toBeGreaterThan(0);
    // A light prior lets the speaker's frames pull the Gaussians they reached; a heavy one keeps them near the transform's.
    const lightMove = rmsDifference(lightMeans ?? model, transformed);
    const heavyMove = rmsDifference(heavyMeans ?? model, transformed);
    expect(lightMove).toBeGreaterThan(0);
    expect(heavyMove).toBeLessThan(lightMove / 10);
    // The decoder reads the adapted means in place of the model's (-mean), without the transform on top.
    const args = pocketsphinxArguments(audio.mixdown, {
      timeoutMs: 60_000,
      modelDir: defaultLocalModelDir,
      meansFile: light.meansFile ?? '',
    });
    expect(args).toContain('-mean');
    expect(args).not.toContain('-mllr');
    const adapted = await recognizeWithPocketsphinx(audio.mixdown, {
      timeoutMs: 60_000,
      modelDir: defaultLocalModelDir,
      meansFile: light.meansFile ?? '',
    });
    expect(
      adapted
        .flatMap((u) => u.words)
        .map((w) => w.word)
        .join(' '),
    ).toMatch(/thank you/);
  }, 150_000);

  it('decodes each speaker with their MAP-adapted means through the engine when given a prior weight', async () => {
    const rounds: Record<string, unknown>[] = [];
    const logger = {
      debug: (...args: unknown[]) => void rounds.push(args[0] as Record<string, unknown>),
      warn: (...args: unknown[]) => void args,
    };
    const transcript = await new LocalSpeechToText({
      modelDir: defaultLocalModelDir,
      twoPass: { ...twoPass, mapPriorFrames: 300 },
      highVoiceScaling: false,
      logger,
    }).transcribe(audio, hints);
    // Each speaker's round says which model it decoded with.
    expect(rounds.map((r) => [r.speaker, r.adaptedMeans])).toEqual([
      ['A', true],
      ['B', true],
    ]);
    expect(transcript.segments.map((s) => s.speaker)).toEqual(['A', 'B', 'A', 'B']);
    expect(transcript.segments[0]?.text).toMatch(/thank you/);
  }, 120_000);

  it('runs through the engine and keeps both speakers', async () => {
    const transcript = await new LocalSpeechToText({ modelDir: defaultLocalModelDir, twoPass }).transcribe(audio, hints);
    expect(transcript.segments.map((s) => s.speaker)).toEqual(['A', 'B', 'A', 'B']);
    expect(transcript.segments[0]?.text).toMatch(/thank you/);
  }, 60_000);

  it('keeps the first decode, and says so, when sphinxtrain fails or the adaptation runs out of time', async () => {
    for (const settings of [
      { ...twoPass, sphinxtrainDir: path.join(work, 'no-sphinxtrain') },
      { ...twoPass, timeoutMs: 1 },
    ]) {
      const warnings: unknown[] = [];
      const logger = { warn: (...args: unknown[]) => void warnings.push(args) };
      const transcript = await new LocalSpeechToText({ modelDir: defaultLocalModelDir, twoPass: settings, logger }).transcribe(
        audio,
        hints,
      );
      expect(transcript).toEqual(onePass);
      expect(warnings).toHaveLength(1);
    }
  }, 60_000);
});
