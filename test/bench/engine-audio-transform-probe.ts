/**
 * What a change of the audio itself does to the engine's word errors, voice by voice: each voice
 * reads the pipeline bench's generic lines (dialogues.ts, not the engine's labelled sets), the
 * lines are joined into one mono recording (0.7 s pauses), the recording goes through each sox
 * effect chain (or rubberband, `rb ...`), and the engine transcribes it in one pass and in two,
 * with its own frequency scaling of high voices off so that the chain is the only change. Prints
 * the median pitch after the chain and the word errors. This is the probe behind the scaling of high
 * voices (docs/engine.md, "Frequency scaling of high voices"): `pitch -260` is what high-voice-scaling.ts does to a high voice.
 *   npx tsx test/bench/engine-audio-transform-probe.ts --voices=en-us+f3,flite:slt '--transforms=none;pitch -260' [--two=no] [--dialogues=0,1,2]
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { defaultLocalModelDir } from '../../src/engine/engine-settings.js';
import { LocalSpeechToText } from '../../src/engine/local/local-speech-to-text.js';
import { defaultTwoPassSettings } from '../../src/engine/local/two-pass-adaptation.js';
import { decodeRecording } from '../../src/service/processing/decode-recording.js';
import { dialogues } from './dialogues.js';
import { medianPitch } from '../../src/engine/local/pitch.js';
import { readPcmRange } from '../../src/engine/audio/pcm-wav.js';
import { readLinesByVoice, voiceFileName, writePause } from './voice-reading.js';
import { wordErrors } from './word-error-rate.js';
const run = promisify(execFile);
const print = (line: string) => process.stdout.write(`${line}\n`);
const args = new Map(
  process.argv.slice(2).map((a) => [a.slice(2, a.indexOf('=') < 0 ? undefined : a.indexOf('=')), a.slice(a.indexOf('=') + 1)]),
);
const voices = (args.get('voices') ?? 'en-us+f4').split(',');
const transforms = (args.get('transforms') ?? 'none').split(';');
const twoPassToo = args.get('two') !== 'no';
const lines = (args.get('dialogues') ?? '0,1,2').split(',').flatMap((i) => (dialogues[Number(i)] ?? []).map((t) => t.text));
const reference = lines.join(' ');
const onePass = new LocalSpeechToText({ modelDir: defaultLocalModelDir, twoPass: false, highVoiceScaling: false });
const twoPasses = new LocalSpeechToText({ modelDir: defaultLocalModelDir, twoPass: defaultTwoPassSettings, highVoiceScaling: false });
const percent = (t: { errors: number; words: number }) => `${((100 * t.errors) / t.words).toFixed(1)}%`;

/** The recording through one chain: `none`, a sox effect chain, or `rb <rubberband options>`. */
async function transformed(source: string, chain: string, target: string): Promise<void> {
  if (chain === 'none') await run('cp', [source, target]);
  else if (chain.startsWith('rb ')) {
    await run('rubberband', [...chain.slice(3).split(' '), source, `${target}.rb.wav`]);
    await run('sox', ['-R', `${target}.rb.wav`, '-r', '16000', '-c', '1', '-b', '16', target]);
  } else await run('sox', ['-R', source, '-r', '16000', '-c', '1', '-b', '16', target, ...chain.split(' ')]);
}

const work = await mkdtemp(path.join(os.tmpdir(), 'convoqa-transform-probe-'));
try {
  const pause = await writePause(path.join(work, 'pause.wav'));
  print(
    `audio transform probe — ${lines.length} lines, ${reference.split(' ').length} words per voice, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const voice of voices) {
    const joined = await readLinesByVoice(voice, lines, work, pause);
    for (const [i, chain] of transforms.entries()) {
      const file = path.join(work, `${voiceFileName(voice)}-chain-${i}.wav`);
      await transformed(joined, chain, file);
      const audio = await decodeRecording(file, await mkdtemp(path.join(work, 'decoded-')), { stereo: false, maxDurationSeconds: 3600 });
      const errorsOf = async (stt: LocalSpeechToText) =>
        wordErrors(reference, (await stt.transcribe(audio, { vocabulary: [], domainText: [] })).segments.map((s) => s.text).join(' '));
      const one = await errorsOf(onePass);
      const two = twoPassToo ? await errorsOf(twoPasses) : null;
      const pitch = medianPitch(await readPcmRange(file, 0, 3600));
      print(
        `${voice.padEnd(16)} ${chain.padEnd(28)} median pitch ${pitch?.toFixed(0) ?? '-'} Hz   one pass ${percent(one).padStart(6)}   two passes ${two ? percent(two).padStart(6) : '-'}`,
      );
    }
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
