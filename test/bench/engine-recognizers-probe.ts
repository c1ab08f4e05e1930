/**
 * The two offline recognisers on speech the engine bench does not use: the pipeline bench's
 * generic lines (dialogues.ts, not the engine's labelled sets) read by espeak-ng voices and by
 * Debian's flite voices (another synthesizer, closer to natural speech), each voice's lines joined
 * into one mono recording with 0.7 s pauses, plus the one human recording on the machine (TIMIT's
 * SA1 sentence, shipped with sphinxtrain). Each is transcribed by the engine as the service runs
 * it: Moonshine (the default) and pocketsphinx (its two passes and high-voice scaling). Prints word
 * errors and CPU seconds per voice, both ways, and the ratio of their CPU.
 *   npx tsx test/bench/engine-recognizers-probe.ts [--voices=en-us+m3,flite:slt] [--dialogues=0,1,2]
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SpeechToTextEngine } from '../../src/engine/engine-types.js';
import { defaultLocalModelDir } from '../../src/engine/engine-settings.js';
import { LocalSpeechToText } from '../../src/engine/local/local-speech-to-text.js';
import { MoonshineSpeechToText } from '../../src/engine/local/moonshine/moonshine-speech-to-text.js';
import { defaultSpeechModelDir } from '../../src/engine/local/moonshine/speech-model-files.js';
import { decodeRecording } from '../../src/service/processing/decode-recording.js';
import { dialogues } from './dialogues.js';
import { humanSentence, probeArgs, readLinesByVoice, writePause } from './voice-reading.js';
import { wordErrors } from './word-error-rate.js';
import { childCpuSeconds } from './child-cpu-seconds.js';

const print = (line = '') => process.stdout.write(`${line}\n`);
const args = probeArgs(process.argv.slice(2));
const voices = (args.get('voices') ?? 'en-us+m3,en-us+f4,en-us+f1,en-us+f5,flite:slt,flite:rms,flite:awb,flite:kal16').split(',');
const lines = (args.get('dialogues') ?? '0,1,2').split(',').flatMap((i) => (dialogues[Number(i)] ?? []).map((t) => t.text));
const recognisers: [string, SpeechToTextEngine][] = [
  ['moonshine', new MoonshineSpeechToText({ modelDir: defaultSpeechModelDir })],
  ['pocketsphinx', new LocalSpeechToText({ modelDir: defaultLocalModelDir })],
];

const work = await mkdtemp(path.join(os.tmpdir(), 'convoqa-recognizers-probe-'));
const percent = (t: { errors: number; words: number }) => `${((100 * t.errors) / t.words).toFixed(1)}%`;
try {
  const silence = await writePause(path.join(work, 'pause.wav'));
  const cases: { voice: string; file: string; text: string }[] = [];
  for (const voice of voices) cases.push({ voice, file: await readLinesByVoice(voice, lines, work, silence), text: lines.join(' ') });
  if (existsSync(humanSentence.file)) cases.push({ voice: 'human (TIMIT SA1)', ...humanSentence });
  print(
    `recognisers probe — ${lines.length} lines per voice, one mono recording each, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  print(`voice                   words   ${recognisers.map(([name]) => `${name} WER / CPU s`.padStart(26)).join('')}   CPU ratio`);
  const totals = recognisers.map(() => ({ errors: 0, words: 0, cpu: 0 }));
  for (const { voice, file, text } of cases) {
    const decoded = await decodeRecording(file, await mkdtemp(path.join(work, 'decoded-')), { stereo: false, maxDurationSeconds: 3600 });
    const cells: string[] = [];
    const cpus: number[] = [];
    for (const [i, [, engine]] of recognisers.entries()) {
      const before = process.cpuUsage();
      const childrenBefore = childCpuSeconds();
      const transcript = await engine.transcribe(decoded, { vocabulary: [], domainText: [] });
      const own = process.cpuUsage(before);
      const cpu = (own.user + own.system) / 1e6 + childCpuSeconds() - childrenBefore;
      const errors = wordErrors(text, transcript.segments.map((s) => s.text).join(' '));
      const total = totals[i];
      if (total) Object.assign(total, { errors: total.errors + errors.errors, words: total.words + errors.words, cpu: total.cpu + cpu });
      cells.push(`${percent(errors)} / ${cpu.toFixed(1)}`.padStart(26));
      cpus.push(cpu);
    }
    print(
      `${voice.padEnd(22)}${String(wordErrors(text, text).words).padStart(7)}   ${cells.join('')}   ${((cpus[0] ?? 0) / Math.max(0.01, cpus[1] ?? 0)).toFixed(2)}x`,
    );
  }
  print(
    `${'all'.padEnd(22)}${String(totals[0]?.words ?? 0).padStart(7)}   ${totals.map((t) => `${percent(t)} / ${t.cpu.toFixed(1)}`.padStart(26)).join('')}   ${((totals[0]?.cpu ?? 0) / Math.max(0.01, totals[1]?.cpu ?? 0)).toFixed(2)}x`,
  );
} finally {
  await rm(work, { recursive: true, force: true });
}
