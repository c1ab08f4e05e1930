/**
 * Does the decoder's certainty tell which frequency scaling suits a voice? Each voice reads the
 * pipeline bench's generic lines (dialogues.ts 0–2, 214 words, one mono recording with 0.7 s
 * pauses), the recording is lowered by each ratio (sox `pitch`, in cents; 0: as it is) and decoded
 * once with the engine's domain model (no speakers, no two passes), and the probe prints each
 * ratio's word errors beside the mean word posterior and mean log posterior pocketsphinx gave.
 * The probe behind the scaling ratio chosen by posterior (docs/engine-bench.md, "Not done, or
 * measured and not kept").
 *   npx tsx test/bench/engine-scaling-ratio-probe.ts en-us+f4,flite:slt 0,-200,-260,-330
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { defaultLocalModelDir } from '../../src/engine/engine-settings.js';
import { defaultLocalSpeechSettings } from '../../src/engine/local/local-speech-to-text.js';
import { generalModelFiles, recognizeWithPocketsphinx } from '../../src/engine/local/pocketsphinx.js';
import { defaultRecognitionDomainSettings, prepareRecognitionDomain } from '../../src/engine/local/recognition-domain.js';
import { dialogues } from './dialogues.js';
import { readLinesByVoice, voiceFileName, writePause } from './voice-reading.js';
import { wordErrors } from './word-error-rate.js';

const run = promisify(execFile);
const print = (line: string) => process.stdout.write(`${line}\n`);
const voices = (process.argv[2] ?? 'en-us+f4').split(',');
const ratios = (process.argv[3] ?? '0,-200,-260,-330').split(',').map(Number);
const lines = [0, 1, 2].flatMap((i) => (dialogues[i] ?? []).map((t) => t.text));
const reference = lines.join(' ');
const work = await mkdtemp(path.join(os.tmpdir(), 'convoqa-ratio-probe-'));
try {
  print(
    `scaling ratio probe — ${reference.split(' ').length} words per voice, one pass; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const general = generalModelFiles(defaultLocalModelDir);
  const domain = await prepareRecognitionDomain(
    work,
    { generalModelFile: general.languageModel, dictionaryFile: general.dictionary },
    { vocabulary: [], domainText: [] },
    defaultRecognitionDomainSettings,
  );
  const pause = await writePause(path.join(work, 'pause.wav'));
  for (const voice of voices) {
    const joined = await readLinesByVoice(voice, lines, work, pause);
    const row: string[] = [];
    for (const cents of ratios) {
      const scaled = path.join(work, `${voiceFileName(voice)}${cents}.wav`);
      await run('sox', ['-R', joined, scaled, ...(cents ? ['pitch', String(cents)] : [])]);
      const utterances = await recognizeWithPocketsphinx(scaled, {
        timeoutMs: 10 * 60_000,
        modelDir: defaultLocalModelDir,
        languageModelFile: domain.languageModelFile,
        dictionaryFile: domain.dictionaryFile,
        languageWeight: defaultLocalSpeechSettings.languageWeight,
      });
      const words = utterances.flatMap((u) => u.words);
      const errors = wordErrors(reference, words.map((w) => w.word).join(' '));
      const meanPosterior = words.reduce((s, w) => s + w.confidence, 0) / Math.max(1, words.length);
      const meanLogPosterior = words.reduce((s, w) => s + Math.log(Math.max(w.confidence, 1e-4)), 0) / Math.max(1, words.length);
      row.push(
        `${cents}: WER ${((100 * errors.errors) / errors.words).toFixed(1)}% posterior ${meanPosterior.toFixed(3)} log ${meanLogPosterior.toFixed(2)}`,
      );
    }
    print(`${voice.padEnd(14)} ${row.join(' | ')}`);
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
