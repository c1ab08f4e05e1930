/**
 * Vocal tract length probe for the offline engine (docs/engine.md, "Options measured and left
 * off"): the pipeline bench's generic calls
 * (dialogues.ts, not the engine's labelled sets) rendered in stereo with a voice pair, the mixdown
 * decoded once per warp factor, and for each speaker (channel) the word error rate of its words
 * and the decoder's mean word confidence. Shows whether a warp helps a voice and whether the
 * confidence picks the helpful one without knowing the voice.
 *   npx tsx test/bench/engine-warp-probe.ts --pairs=en-us+klatt2/en-us+f2 --warps=0.9,1,1.1 --dialogues=0,1,2
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultLocalModelDir } from '../../src/engine/engine-settings.js';
import { generalModelFiles, recognizeWithPocketsphinx, type RecognizedWord } from '../../src/engine/local/pocketsphinx.js';
import { prepareRecognitionDomain } from '../../src/engine/local/recognition-domain.js';
import { decodeRecording } from '../../src/service/processing/decode-recording.js';
import { readPcmRange } from '../../src/engine/audio/pcm-wav.js';
import { synthesizeConversation } from '../support/synthesize.js';
import { dialogues } from './dialogues.js';
import { wordErrors } from './word-error-rate.js';

const print = (line = '') => process.stdout.write(`${line}\n`);
const args = new Map<string, string>(
  process.argv.slice(2).map((a) => {
    const [name = '', value = ''] = a.replace(/^--/, '').split('=');
    return [name, value];
  }),
);
const list = (name: string, fallback: string) => (args.get(name) ?? fallback).split(',').filter(Boolean);
const pairs = list('pairs', 'en-us+klatt2/en-us+f2').map((p) => p.split('/') as [string, string]);
const warps = list('warps', '0.9,1,1.1').map(Number);
const chosen = list('dialogues', '0,1,2').map(Number);

const os = await import('node:os');
print(
  `warp probe — load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
for (const [voiceA, voiceB] of pairs) {
  // per voice, per warp: errors, words, confidence sum, confidence count
  const totals = new Map<string, { errors: number; words: number; confidence: number; count: number }>();
  const started = performance.now();
  for (const index of chosen) {
    const turns = dialogues[index] ?? [];
    const file = await synthesizeConversation(turns, { stereo: true, voices: { A: voiceA, B: voiceB } });
    const work = await mkdtemp(path.join(tmpdir(), 'convoqa-warp-probe-'));
    try {
      const decoded = await decodeRecording(file, work, { stereo: true, maxDurationSeconds: 3600 });
      const general = generalModelFiles(defaultLocalModelDir);
      const domain = await prepareRecognitionDomain(
        work,
        { generalModelFile: general.languageModel, dictionaryFile: general.dictionary },
        { vocabulary: [] },
      );
      for (const warp of warps) {
        const utterances = await recognizeWithPocketsphinx(decoded.mixdown, {
          timeoutMs: 600_000,
          modelDir: defaultLocalModelDir,
          languageModelFile: domain.languageModelFile,
          dictionaryFile: domain.dictionaryFile,
          languageWeight: 6.5,
          warp,
        });
        const words: (RecognizedWord & { speaker: 'A' | 'B' })[] = [];
        for (const w of utterances.flatMap((u) => u.words)) {
          const [l, r] = await Promise.all([
            readPcmRange(decoded.channels[0] ?? '', w.start, w.end),
            readPcmRange(decoded.channels[1] ?? '', w.start, w.end),
          ]);
          words.push({ ...w, speaker: energy(l) >= energy(r) ? 'A' : 'B' });
        }
        for (const [label, voice] of [
          ['A', voiceA],
          ['B', voiceB],
        ] as const) {
          const mine = words.filter((w) => w.speaker === label);
          const e = wordErrors(
            turns
              .filter((t) => t.speaker === label)
              .map((t) => t.text)
              .join(' '),
            mine.map((w) => w.word).join(' '),
          );
          const key = `${voice}@${warp}`;
          const t = totals.get(key) ?? { errors: 0, words: 0, confidence: 0, count: 0 };
          totals.set(key, {
            errors: t.errors + e.errors,
            words: t.words + e.words,
            confidence: t.confidence + mine.reduce((s, w) => s + w.confidence, 0),
            count: t.count + mine.length,
          });
        }
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
  print(`${voiceA} / ${voiceB}, dialogues ${chosen.join(',')}, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  for (const [key, t] of totals)
    print(
      `  ${key.padEnd(22)} WER ${((100 * t.errors) / t.words).toFixed(1)}%  mean confidence ${(t.confidence / Math.max(1, t.count)).toFixed(3)}  words heard ${t.count}`,
    );
}
process.exit(0);

function energy(samples: Int16Array): number {
  let sum = 0;
  for (const v of samples) sum += v * v;
  return sum;
}
