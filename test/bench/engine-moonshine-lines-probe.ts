/**
 * The Moonshine recogniser on single lines (docs/engine-bench.md, "How Moonshine's settings were
 * chosen"): each
 * line of a role in both labelled sets read alone by each voice (espeak-ng, 150 words a minute, as
 * the sets' calls are), recognised with and without silence added around it, greedily and as the
 * engine decodes (beam and word model). Prints word errors per voice and variant.
 *   npx tsx test/bench/engine-moonshine-lines-probe.ts [--voices=en-us+f4,en-us+m3] [--role=customer|agent]
 *     [--model-dir=DIR]   another Moonshine model (Tiny, say), laid out as the set-up installs Base
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DomainWordModel } from '../../src/engine/local/moonshine/domain-word-model.js';
import { MoonshineRecognizer, type RecognizeOptions } from '../../src/engine/local/moonshine/moonshine-recognizer.js';
import { defaultMoonshineSpeechSettings } from '../../src/engine/local/moonshine/moonshine-speech-to-text.js';
import { defaultSpeechModelDir, speechModelFiles } from '../../src/engine/local/moonshine/speech-model-files.js';
import { readPcmRange } from '../../src/engine/audio/pcm-wav.js';
import { devCalls, devEvaluator } from '../engine/dev-set.js';
import { heldOutCalls } from '../engine/held-out-set.js';
import { probeArgs, voiceFileName } from './voice-reading.js';
import { wordErrors } from './word-error-rate.js';

const run = promisify(execFile);
const print = (line = '') => process.stdout.write(`${line}\n`);
const args = probeArgs(process.argv.slice(2));
const voices = (args.get('voices') ?? 'en-us+f4,en-us+m3,en-us+f3,en-us+klatt4,en-us+m7,en-us+f1').split(',');
const role = args.get('role') === 'agent' ? 'agent' : 'customer';
const lines = [...devCalls, ...heldOutCalls].flatMap((c) =>
  c.turns.filter((t) => (t.speaker === c.agent) === (role === 'agent')).map((t) => t.text),
);
const recognizer = await MoonshineRecognizer.load(speechModelFiles(args.get('model-dir') ?? defaultSpeechModelDir), { threads: 1 });
const fusion = defaultMoonshineSpeechSettings.languageModel;
const engineLike: RecognizeOptions = {
  beamWidth: defaultMoonshineSpeechSettings.beamWidth,
  languageModel: fusion
    ? {
        model: DomainWordModel.forHints({ vocabulary: [], domainText: [devEvaluator.context] }, null, fusion),
        weight: fusion.weight,
        wordBonus: fusion.wordBonus,
      }
    : null,
};
const variants: { name: string; padding: number; options: RecognizeOptions }[] = [
  { name: 'as read', padding: 0, options: {} },
  { name: 'silence', padding: 0.5, options: {} },
  { name: 'silence, beam + word model', padding: 0.5, options: engineLike },
];

const work = await mkdtemp(path.join(os.tmpdir(), 'convoqa-moonshine-lines-'));
try {
  print(
    `Moonshine lines probe — ${lines.length} ${role} lines per voice, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  print(`voice            ${variants.map((v) => v.name.padStart(28)).join('')}`);
  for (const voice of voices) {
    const totals = variants.map(() => ({ errors: 0, words: 0 }));
    for (const [i, text] of lines.entries()) {
      const raw = path.join(work, `${voiceFileName(voice)}-${i}-raw.wav`);
      const file = path.join(work, `${voiceFileName(voice)}-${i}.wav`);
      await run('espeak-ng', ['-v', voice, '-s', '150', '-w', raw, text]);
      await run('sox', ['-R', raw, '-r', '16000', '-c', '1', '-b', '16', file, 'gain', '-n', '-3']);
      const speech = await readPcmRange(file, 0, 120);
      for (const [v, variant] of variants.entries()) {
        const padding = Math.round(variant.padding * 16_000);
        const samples = new Float32Array(speech.length + 2 * padding);
        samples.set(
          Float32Array.from(speech, (x) => x / 32768),
          padding,
        );
        const w = wordErrors(text, await recognizer.recognize(samples, variant.options));
        const total = totals[v];
        if (total) Object.assign(total, { errors: total.errors + w.errors, words: total.words + w.words });
      }
    }
    print(`${voice.padEnd(17)}${totals.map((t) => `${((100 * t.errors) / t.words).toFixed(1)}%`.padStart(28)).join('')}`);
  }
} finally {
  await recognizer.release();
  await rm(work, { recursive: true, force: true });
}
