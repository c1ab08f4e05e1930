import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineSettings, defaultLocalModelDir } from '../../src/engine/engine-settings.js';
import { buildEngines } from '../../src/engine/build-engines.js';
import { LocalSpeechToText, defaultLocalSpeechSettings } from '../../src/engine/local/local-speech-to-text.js';
import {
  defaultHighVoiceScaling,
  highVoicedSpeakers,
  scaleFrequencies,
  speakersMedianPitch,
} from '../../src/engine/local/high-voice-scaling.js';
import { medianPitch } from '../../src/engine/local/pitch.js';
import { defaultTwoPassSettings } from '../../src/engine/local/two-pass-adaptation.js';
import { readPcmRange } from '../../src/engine/audio/pcm-wav.js';
import { decodeRecording } from '../../src/service/processing/decode-recording.js';
import type { DecodedRecording } from '../../src/engine/engine-types.js';
import { synthesizeConversation, voices, type Turn } from '../support/synthesize.js';

const turns: Turn[] = [
  { speaker: 'A', text: 'Thank you for calling Brightline, my name is Sam, how can I help you today?' },
  { speaker: 'B', text: 'Hello, my internet has been dropping every evening for a week now.' },
  { speaker: 'A', text: 'I am sorry to hear that. Can I have your date of birth please?' },
  { speaker: 'B', text: 'It is the fourth of March nineteen eighty.' },
];
const hints = { vocabulary: ['Brightline'], domainText: ['Brightline broadband support.'] };

describe('frequency scaling of high voices (docs/engine.md, "Frequency scaling of high voices")', () => {
  let work: string;
  let audio: DecodedRecording;
  /** Each turn's stretch of the call, from the stereo channels' energy (the engine's own speakers). */
  let spans: { start: number; end: number; speaker: string }[];

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'convoqa-high-voice-test-'));
    audio = await decodeRecording(await synthesizeConversation(turns, { stereo: true }), work, { stereo: true, maxDurationSeconds: 600 });
    // The turns in order, from each speaker's own channel: A (a man's voice) on the left, B (a woman's) on the right.
    const transcript = await new LocalSpeechToText({ modelDir: defaultLocalModelDir, twoPass: false, highVoiceScaling: false }).transcribe(
      audio,
      hints,
    );
    spans = transcript.segments.map((s) => ({ start: s.start, end: s.end, speaker: s.speaker }));
  }, 60_000);
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('is on by default, and off on request', () => {
    expect(defaultLocalSpeechSettings.highVoiceScaling).toEqual(defaultHighVoiceScaling);
    expect(EngineSettings.parse({})).toMatchObject({ kind: 'local', highVoiceScaling: true });
    const off = EngineSettings.parse({ ENGINE_LOCAL_RECOGNIZER: 'pocketsphinx', ENGINE_LOCAL_HIGH_VOICE_SCALING: 'false' });
    expect(off).toMatchObject({ highVoiceScaling: false });
    expect(() => EngineSettings.parse({ ENGINE_LOCAL_HIGH_VOICE_SCALING: 'loud' })).toThrow(/ENGINE_LOCAL_HIGH_VOICE_SCALING/);
    expect((buildEngines(off).speechToText as LocalSpeechToText).settings.highVoiceScaling).toBe(false);
    expect(
      (buildEngines(EngineSettings.parse({ ENGINE_LOCAL_RECOGNIZER: 'pocketsphinx' })).speechToText as LocalSpeechToText).settings
        .highVoiceScaling,
    ).toEqual(defaultHighVoiceScaling);
  });

  it(`finds the woman's voice (${voices.B}) high and the man's (${voices.A}) not, from the speakers' own stretches`, async () => {
    expect(new Set(spans.map((s) => s.speaker))).toEqual(new Set(['A', 'B']));
    const pitches = await speakersMedianPitch(audio.mixdown, spans, defaultHighVoiceScaling.measureSeconds);
    expect(pitches.get('A')).toBeLessThan(130);
    expect(pitches.get('B')).toBeGreaterThan(170);
    expect(highVoicedSpeakers(pitches, defaultHighVoiceScaling)).toEqual(['B']);
    // A speaker with too little voiced speech to measure is not scaled.
    expect(
      highVoicedSpeakers(
        new Map([
          ['A', null],
          ['B', 200],
        ]),
        defaultHighVoiceScaling,
      ),
    ).toEqual(['B']);
    expect(highVoicedSpeakers(new Map([['A', 120]]), defaultHighVoiceScaling)).toEqual([]);
  });

  it('lowers the whole spectrum by the ratio asked, keeping the length, so word times still match the call', async () => {
    const scaled = path.join(work, 'scaled.wav');
    await scaleFrequencies(audio.mixdown, scaled, defaultHighVoiceScaling.cents, { timeoutMs: 30_000 });
    const [before, after] = await Promise.all([readPcmRange(audio.mixdown, 0, 3600), readPcmRange(scaled, 0, 3600)]);
    expect(after.length).toBe(before.length);
    const b = spans.find((s) => s.speaker === 'B');
    if (!b) throw new Error('no stretch of B');
    const [pitchBefore, pitchAfter] = await Promise.all(
      [audio.mixdown, scaled].map(async (f) => medianPitch(await readPcmRange(f, b.start, b.end))),
    );
    const ratio = 2 ** (defaultHighVoiceScaling.cents / 1200);
    expect((pitchAfter ?? 0) / (pitchBefore ?? 1)).toBeGreaterThan(ratio * 0.93);
    expect((pitchAfter ?? 0) / (pitchBefore ?? 1)).toBeLessThan(ratio * 1.07);
  });

  it("takes the high voice's words from the scaled copy and the low voice's from the call as it is", async () => {
    const asIs = await new LocalSpeechToText({ modelDir: defaultLocalModelDir, twoPass: false, highVoiceScaling: false }).transcribe(
      audio,
      hints,
    );
    const scaled = await new LocalSpeechToText({ modelDir: defaultLocalModelDir, twoPass: false }).transcribe(audio, hints);
    const textOf = (t: typeof asIs, speaker: string) =>
      t.segments
        .filter((s) => s.speaker === speaker)
        .map((s) => s.text)
        .join(' ');
    // A's decode is the same one (one decode of the mixdown); B's comes from another recording.
    expect(textOf(scaled, 'A')).toBe(textOf(asIs, 'A'));
    expect(textOf(scaled, 'B')).not.toBe('');
    expect(textOf(scaled, 'B')).not.toBe(textOf(asIs, 'B'));
    // Nothing to scale in a call of low voices only: the same transcript, no second decode.
    const lowOnly = { ...defaultHighVoiceScaling, minMedianPitchHz: 400 };
    const unscaled = await new LocalSpeechToText({ modelDir: defaultLocalModelDir, twoPass: false, highVoiceScaling: lowOnly }).transcribe(
      audio,
      hints,
    );
    expect(unscaled).toEqual(asIs);
  }, 60_000);

  it("gives the high voice its own adaptation rounds (two by default) and the low voice the two passes' one", async () => {
    const rounds: { speaker: string; round: number; kept: boolean }[] = [];
    const logger = { warn: () => undefined, debug: (entry: { speaker: string; round: number; kept: boolean }) => rounds.push(entry) };
    // A short call gives few words: lower the bar so both speakers are adapted.
    const twoPass = { ...defaultTwoPassSettings, minWords: 5 };
    await new LocalSpeechToText({ modelDir: defaultLocalModelDir, twoPass, logger }).transcribe(audio, hints);
    expect(defaultHighVoiceScaling.adaptationRounds).toBe(2);
    expect(rounds.filter((r) => r.speaker === 'A').map((r) => r.round)).toEqual([1]);
    expect(rounds.filter((r) => r.speaker === 'B').map((r) => r.round)).toEqual([1, 2]);
    // The first adaptation round is always kept; a later one only when the decoder is surer (two-pass-adaptation.ts).
    expect(rounds.filter((r) => r.round === 1).every((r) => r.kept)).toBe(true);
    rounds.length = 0;
    await new LocalSpeechToText({
      modelDir: defaultLocalModelDir,
      twoPass,
      highVoiceScaling: { ...defaultHighVoiceScaling, adaptationRounds: 1 },
      logger,
    }).transcribe(audio, hints);
    expect(rounds.map((r) => `${r.speaker}${r.round}`).sort()).toEqual(['A1', 'B1']);
    // Never fewer rounds than the other speakers: with two for everyone, the high voice takes two too.
    rounds.length = 0;
    const everyoneTwice = { ...twoPass, rounds: 2, laterRoundsMustBeSurer: false };
    await new LocalSpeechToText({
      modelDir: defaultLocalModelDir,
      twoPass: everyoneTwice,
      highVoiceScaling: { ...defaultHighVoiceScaling, adaptationRounds: 1 },
      logger,
    }).transcribe(audio, hints);
    expect(rounds.map((r) => `${r.speaker}${r.round}`).sort()).toEqual(['A1', 'A2', 'B1', 'B2']);
  }, 180_000);

  it('is not combined with the vocal tract length warps (their own normalisation, an option without the two passes)', async () => {
    const warps = { modelDir: defaultLocalModelDir, twoPass: false as const, warps: [1, 1.25], warpMinGain: 0 };
    const withoutScaling = await new LocalSpeechToText({ ...warps, highVoiceScaling: false }).transcribe(audio, hints);
    const withScaling = await new LocalSpeechToText(warps).transcribe(audio, hints);
    expect(withScaling).toEqual(withoutScaling);
  }, 90_000);

  it('decodes the call as it is, with a warning, when scaling fails', async () => {
    const warnings: unknown[] = [];
    const failing = { ...defaultHighVoiceScaling, cents: Number.NaN };
    const logger = { warn: (...args: unknown[]) => warnings.push(args) };
    const asIs = await new LocalSpeechToText({ modelDir: defaultLocalModelDir, twoPass: false, highVoiceScaling: false }).transcribe(
      audio,
      hints,
    );
    const fallback = await new LocalSpeechToText({
      modelDir: defaultLocalModelDir,
      twoPass: false,
      highVoiceScaling: failing,
      logger,
    }).transcribe(audio, hints);
    expect(fallback).toEqual(asIs);
    expect(JSON.stringify(warnings)).toMatch(/frequency scaling of high voices failed/);
  }, 60_000);
});
