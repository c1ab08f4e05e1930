/**
 * Does a speech change help speech in general, or only the synthesizer the engine bench uses?
 * Each line of the pipeline bench's generic calls (dialogues.ts, not the engine's labelled sets) is
 * synthesized alone by espeak-ng voices and by Debian's flite voices (another synthesizer, closer
 * to natural speech), plus the one human recording on the machine (TIMIT's SA1 sentence, shipped
 * with sphinxtrain), and decoded with pocketsphinx's general model without and with the MLLR
 * transform toward espeak-ng voices (speaker-adaptation/). Prints word errors per voice, both ways.
 * This is the check that turned the transform off by default (docs/engine.md, "Speaker adaptation toward synthesized
 * voices").
 * Then the unsupervised two-pass adaptation (two-pass-adaptation.ts; docs/engine.md, "Two-pass speaker adaptation"): each voice's
 * lines joined into one mono recording (0.7 s pauses) and transcribed by the engine itself (domain
 * model), one pass against two; the human sentence too (11 words: below the engine's minimum for
 * adapting, so it is also run with that minimum lowered to 5).
 *   npx tsx test/bench/engine-other-speech-probe.ts [--voices=espeak:en-us+m3,flite:slt] [--dialogues=0,1,2] [--no-two-pass] [--only-two-pass]
 *   --two-pass-rounds=2 --two-pass-min-confidence=0.5 --two-pass-warps=0.85,1,1.25   also a variant of the two passes (a third column)
 *   --map-prior-frames=300   a variant: MAP adaptation of the means on top of each speaker's MLLR transform (0: none)
 *   --rounds-must-be-surer   a variant: a later round is kept only if the decoder is surer of the speaker's words
 *   --high-voice-rounds=2   a variant: the scaled (high) voices take two adaptation rounds
 *   --high-voices=off   the engine without frequency scaling of high voices (high-voice-scaling.ts)
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { defaultLocalModelDir } from '../../src/engine/engine-settings.js';
import { LocalSpeechToText } from '../../src/engine/local/local-speech-to-text.js';
import { recognizeWithPocketsphinx } from '../../src/engine/local/pocketsphinx.js';
import { defaultTwoPassSettings } from '../../src/engine/local/two-pass-adaptation.js';
import { defaultHighVoiceScaling } from '../../src/engine/local/high-voice-scaling.js';
import { decodeRecording } from '../../src/service/processing/decode-recording.js';
import { defaultSpeakerAdaptationFile } from '../../src/engine/local/speaker-adaptation/speaker-adaptation.js';
import { dialogues } from './dialogues.js';
import { humanSentence, probeArgs, writePause } from './voice-reading.js';
import { wordErrors } from './word-error-rate.js';
import { childCpuSeconds } from './child-cpu-seconds.js';

const run = promisify(execFile);
const print = (line = '') => process.stdout.write(`${line}\n`);
const args = probeArgs(process.argv.slice(2));
const voices = (args.get('voices') ?? 'espeak:en-us+m3,espeak:en-us+f4,flite:slt,flite:rms,flite:awb,flite:kal16').split(',');
const lines = (args.get('dialogues') ?? '0,1,2').split(',').flatMap((i) => (dialogues[Number(i)] ?? []).map((t) => t.text));

if (voices.some((v) => v.startsWith('flite:')) && !existsSync('/usr/bin/flite')) {
  print('flite is not installed: apt-get install flite (or leave the flite voices out with --voices=)');
  process.exit(1);
}

const work = await mkdtemp(path.join(os.tmpdir(), 'convoqa-other-speech-'));
/** pocketsphinx's general language model and dictionary (none given), as the flags' defaults. */
const model = { timeoutMs: 120_000, modelDir: defaultLocalModelDir };
/** Word errors of one 16 kHz mono recording, decoded without and with the transform. */
async function decodeBothWays(file: string, text: string) {
  const words = async (speakerAdaptationFile: string | null) =>
    (await recognizeWithPocketsphinx(file, { ...model, speakerAdaptationFile })).flatMap((u) => u.words.map((w) => w.word)).join(' ');
  return { without: wordErrors(text, await words(null)), with: wordErrors(text, await words(defaultSpeakerAdaptationFile)) };
}
const percent = (t: { errors: number; words: number }) => `${((100 * t.errors) / t.words).toFixed(1)}%`;

print(
  `other-speech probe — ${lines.length} lines, general model, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
print('voice                 words   without transform   with transform');
try {
  const rows: { voice: string; file: string; text: string }[][] = [];
  for (const voice of voices) {
    const [synth, name = ''] = voice.split(':');
    rows.push(
      await Promise.all(
        lines.map(async (text, i) => {
          const raw = path.join(work, `${synth}-${name}-${i}-raw.wav`);
          const file = path.join(work, `${synth}-${name}-${i}.wav`);
          if (synth === 'flite') await run('flite', ['-voice', name, '-t', text, '-o', raw]);
          else await run('espeak-ng', ['-v', name, '-w', raw, text]);
          await run('sox', ['-R', raw, '-r', '16000', '-c', '1', '-b', '16', file]);
          return { voice, file, text };
        }),
      ),
    );
  }
  if (existsSync(humanSentence.file)) rows.push([{ voice: 'human (TIMIT SA1)', ...humanSentence }]);
  for (const recordings of args.has('only-two-pass') ? [] : rows) {
    const total = { without: { errors: 0, words: 0 }, with: { errors: 0, words: 0 } };
    for (const { file, text } of recordings) {
      const scored = await decodeBothWays(file, text);
      for (const way of ['without', 'with'] as const) {
        total[way].errors += scored[way].errors;
        total[way].words += scored[way].words;
      }
    }
    print(
      `${(recordings[0]?.voice ?? '').padEnd(22)}${String(total.without.words).padStart(5)}   ${percent(total.without).padStart(17)}   ${percent(total.with).padStart(14)}`,
    );
  }
  if (!args.has('no-two-pass')) await probeTwoPass(rows);
} finally {
  await rm(work, { recursive: true, force: true });
}

/** The engine on each voice's lines as one recording: one pass, then two (unsupervised adaptation). */
async function probeTwoPass(rows: { voice: string; file: string; text: string }[][]) {
  const highVoices = args.get('high-voices') === 'off' ? { highVoiceScaling: false as const } : {};
  const onePass = new LocalSpeechToText({ modelDir: defaultLocalModelDir, twoPass: false, ...highVoices });
  const twoPasses = (minWords: number) =>
    new LocalSpeechToText({ modelDir: defaultLocalModelDir, twoPass: { ...defaultTwoPassSettings, minWords }, ...highVoices });
  const variantFlags = [
    'two-pass-rounds',
    'two-pass-min-confidence',
    'two-pass-warps',
    'high-voice-rounds',
    'rounds-must-be-surer',
    'map-prior-frames',
  ].filter((f) => args.has(f));
  const variant = (minWords: number) =>
    new LocalSpeechToText({
      modelDir: defaultLocalModelDir,
      ...(args.has('high-voice-rounds') && args.get('high-voices') !== 'off'
        ? { highVoiceScaling: { ...defaultHighVoiceScaling, adaptationRounds: Number(args.get('high-voice-rounds')) } }
        : highVoices),
      twoPass: {
        ...defaultTwoPassSettings,
        minWords,
        rounds: Number(args.get('two-pass-rounds') ?? defaultTwoPassSettings.rounds),
        laterRoundsMustBeSurer: args.has('rounds-must-be-surer')
          ? args.get('rounds-must-be-surer') !== 'off'
          : defaultTwoPassSettings.laterRoundsMustBeSurer,
        minStretchConfidence: Number(args.get('two-pass-min-confidence') ?? defaultTwoPassSettings.minStretchConfidence),
        warps: args.get('two-pass-warps')?.split(',').map(Number) ?? defaultTwoPassSettings.warps,
        mapPriorFrames: args.has('map-prior-frames') ? Number(args.get('map-prior-frames')) || null : defaultTwoPassSettings.mapPriorFrames,
      },
    });
  const silence = await writePause(path.join(work, 'pause.wav'));
  print();
  print(
    `two-pass adaptation — the engine (domain model), each voice's lines as one mono recording, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  print(
    `voice                 words   one pass   two passes${variantFlags.length ? `   variant (${variantFlags.map((f) => `${f}=${args.get(f) ?? ''}`).join(' ')})` : ''}   CPU s one / two${variantFlags.length ? ' / variant' : ''}`,
  );
  const cases = rows.flatMap((recordings) => {
    const name = recordings[0]?.voice ?? '';
    const minimums = name.startsWith('human') ? [defaultTwoPassSettings.minWords, 5] : [defaultTwoPassSettings.minWords];
    return minimums.map((minWords) => ({
      recordings,
      minWords,
      name: minWords === defaultTwoPassSettings.minWords ? name : `${name}, min ${minWords}`,
    }));
  });
  for (const { recordings, minWords, name } of cases) {
    const joined = path.join(work, `joined-${name.replace(/\W/g, '_')}.wav`);
    await run('sox', ['-R', ...recordings.flatMap((r, i) => (i ? [silence, r.file] : [r.file])), joined]);
    const decodedWork = await mkdtemp(path.join(work, 'decoded-'));
    const decoded = await decodeRecording(joined, decodedWork, { stereo: false, maxDurationSeconds: 3600 });
    const reference = recordings.map((r) => r.text).join(' ');
    const measure = async (stt: LocalSpeechToText) => {
      const before = process.cpuUsage();
      const childrenBefore = childCpuSeconds();
      const transcript = await stt.transcribe(decoded, { vocabulary: [], domainText: [] });
      const own = process.cpuUsage(before);
      return {
        errors: wordErrors(reference, transcript.segments.map((s) => s.text).join(' ')),
        cpu: (own.user + own.system) / 1e6 + childCpuSeconds() - childrenBefore,
      };
    };
    const one = await measure(onePass);
    const two = await measure(twoPasses(minWords));
    const other = variantFlags.length ? await measure(variant(minWords)) : null;
    print(
      `${name.padEnd(22)}${String(one.errors.words).padStart(5)}   ${percent(one.errors).padStart(8)}   ${percent(two.errors).padStart(10)}${other ? `   ${percent(other.errors).padStart(8)}` : ''}   ${one.cpu.toFixed(1)} / ${two.cpu.toFixed(1)}${other ? ` / ${other.cpu.toFixed(1)}` : ''}`,
    );
  }
}
