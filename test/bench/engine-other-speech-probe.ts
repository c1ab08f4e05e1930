/**
 * Does a speech change help speech in general, or only the synthesizer the engine bench uses?
 * Each line of the pipeline bench's generic calls (dialogues.ts, not the engine's labelled sets) is
 * synthesized alone by espeak-ng voices and by Debian's flite voices (another synthesizer, closer
 * to natural speech), plus the one human recording on the machine (TIMIT's SA1 sentence, shipped
 * with sphinxtrain), and decoded with pocketsphinx's general model without and with the MLLR
 * transform toward espeak-ng voices (speaker-adaptation/). Prints word errors per voice, both ways.
 * This is the check that turned the transform off by default (docs/engine.md, "Fifth pass").
 *   npx tsx test/bench/engine-other-speech-probe.ts [--voices=espeak:en-us+m3,flite:slt] [--dialogues=0,1,2]
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { defaultLocalModelDir } from '../../src/service/engines/engine-settings.js';
import { recognizeWithPocketsphinx } from '../../src/service/engines/local/pocketsphinx.js';
import { defaultSpeakerAdaptationFile } from '../../src/service/engines/local/speaker-adaptation/speaker-adaptation.js';
import { dialogues } from './dialogues.js';
import { wordErrors } from './word-error-rate.js';

const run = promisify(execFile);
const print = (line = '') => process.stdout.write(`${line}\n`);
const args = new Map(process.argv.slice(2).map((a) => [a.slice(2, a.indexOf('=') < 0 ? undefined : a.indexOf('=')), a.slice(a.indexOf('=') + 1)]));
const voices = (args.get('voices') ?? 'espeak:en-us+m3,espeak:en-us+f4,flite:slt,flite:rms,flite:awb,flite:kal16').split(',');
const lines = (args.get('dialogues') ?? '0,1,2').split(',').flatMap((i) => (dialogues[Number(i)] ?? []).map((t) => t.text));
const humanSentence = { file: '/usr/lib/x86_64-linux-gnu/sphinxtrain/python/cmusphinx/test/sa1.wav', text: 'she had your dark suit in greasy wash water all year' };

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
    (await recognizeWithPocketsphinx(file, { ...model, speakerAdaptationFile }))
      .flatMap((u) => u.words.map((w) => w.word))
      .join(' ');
  return { without: wordErrors(text, await words(null)), with: wordErrors(text, await words(defaultSpeakerAdaptationFile)) };
}
const percent = (t: { errors: number; words: number }) => `${((100 * t.errors) / t.words).toFixed(1)}%`;

print(`other-speech probe — ${lines.length} lines, general model, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
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
  for (const recordings of rows) {
    const total = { without: { errors: 0, words: 0 }, with: { errors: 0, words: 0 } };
    for (const { file, text } of recordings) {
      const scored = await decodeBothWays(file, text);
      for (const way of ['without', 'with'] as const) {
        total[way].errors += scored[way].errors;
        total[way].words += scored[way].words;
      }
    }
    print(`${(recordings[0]?.voice ?? '').padEnd(22)}${String(total.without.words).padStart(5)}   ${percent(total.without).padStart(17)}   ${percent(total.with).padStart(14)}`);
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
