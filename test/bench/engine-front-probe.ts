/**
 * Audio front-end and decoder-flag probe for the offline engine (docs/engine-bench.md, "Not done, or
 * measured and not kept"): the
 * pipeline bench's generic calls (dialogues.ts, not the engine's labelled sets) rendered in stereo
 * with a voice pair; the mixdown goes through a sox effect chain (the front-end variant) and is
 * decoded with the domain model and the variant's decoder flags; each speaker's (channel's) words
 * are scored against their lines. Tune on the tuned voices only.
 *   npx tsx test/bench/engine-front-probe.ts --pairs=en-us+klatt2/en-us+f2 --dialogues=0,1,2,3 \
 *     --variants='base;hp100:highpass 100;wip:|-wip 0.2'
 * A variant is `name:sox effects|decoder flags` (both parts optional; `base` alone is neither).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { defaultLocalModelDir } from '../../src/engine/engine-settings.js';
import { generalModelFiles, recognizeWithPocketsphinx, type RecognizedWord } from '../../src/engine/local/pocketsphinx.js';
import { prepareRecognitionDomain } from '../../src/engine/local/recognition-domain.js';
import { decodeRecording } from '../../src/service/processing/decode-recording.js';
import { readPcmRange } from '../../src/engine/audio/pcm-wav.js';
import { synthesizeConversation } from '../support/synthesize.js';
import { dialogues } from './dialogues.js';
import { wordErrors } from './word-error-rate.js';

const run = promisify(execFile);
const print = (line = '') => process.stdout.write(`${line}\n`);
const args = new Map<string, string>(
  process.argv.slice(2).map((a) => {
    const i = a.indexOf('=');
    return [a.slice(2, i < 0 ? undefined : i), i < 0 ? '' : a.slice(i + 1)];
  }),
);
const list = (name: string, fallback: string) => (args.get(name) ?? fallback).split(',').filter(Boolean);
const pairs = list('pairs', 'en-us+klatt2/en-us+f2').map((p) => p.split('/') as [string, string]);
const chosen = list('dialogues', '0,1,2,3').map(Number);
const variants = (args.get('variants') ?? 'base')
  .split(';')
  .filter(Boolean)
  .map((v) => {
    const [name = '', rest = ''] = v.includes(':') ? [v.slice(0, v.indexOf(':')), v.slice(v.indexOf(':') + 1)] : [v, ''];
    const [effects = '', flags = ''] = rest.split('|');
    return { name, effects: effects.trim().split(/\s+/).filter(Boolean), flags: flags.trim().split(/\s+/).filter(Boolean) };
  });
const lw = Number(args.get('lw') ?? 6.5);

const os = await import('node:os');
print(
  `front-end probe — load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
// per pair, per variant, per voice: errors, words, confidence sum, count
const totals = new Map<string, { errors: number; words: number; confidence: number; count: number }>();
const all = new Map<string, { errors: number; words: number }>();
for (const [voiceA, voiceB] of pairs) {
  for (const index of chosen) {
    const turns = dialogues[index] ?? [];
    const file = await synthesizeConversation(turns, { stereo: true, voices: { A: voiceA, B: voiceB } });
    const work = await mkdtemp(path.join(tmpdir(), 'convoqa-front-probe-'));
    try {
      const decoded = await decodeRecording(file, work, { stereo: true, maxDurationSeconds: 3600 });
      const general = generalModelFiles(defaultLocalModelDir);
      const domain = await prepareRecognitionDomain(
        work,
        { generalModelFile: general.languageModel, dictionaryFile: general.dictionary },
        { vocabulary: [] },
      );
      for (const [vi, variant] of variants.entries()) {
        let input = decoded.mixdown;
        if (variant.effects.length) {
          input = path.join(work, `front-${vi}.wav`);
          await run('sox', ['-R', decoded.mixdown, '-r', '16000', '-c', '1', '-b', '16', input, ...variant.effects]);
        }
        const utterances = await recognizeWithPocketsphinx(input, {
          timeoutMs: 600_000,
          modelDir: defaultLocalModelDir,
          languageModelFile: domain.languageModelFile,
          dictionaryFile: domain.dictionaryFile,
          // A variant's own -lw replaces the probe's.
          ...(variant.flags.includes('-lw') ? {} : { languageWeight: lw }),
          decoderFlags: variant.flags,
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
          const key = `${variant.name}\t${voiceA === voice ? voice : `${voice} (with ${voiceA})`}`;
          const t = totals.get(key) ?? { errors: 0, words: 0, confidence: 0, count: 0 };
          totals.set(key, {
            errors: t.errors + e.errors,
            words: t.words + e.words,
            confidence: t.confidence + mine.reduce((s, w) => s + w.confidence, 0),
            count: t.count + mine.length,
          });
          const a = all.get(variant.name) ?? { errors: 0, words: 0 };
          all.set(variant.name, { errors: a.errors + e.errors, words: a.words + e.words });
        }
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
}
print(
  `pairs ${pairs.map((p) => p.join('/')).join(', ')}; dialogues ${chosen.join(',')}; lw ${lw}; load average now ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
for (const variant of variants) {
  const a = all.get(variant.name) ?? { errors: 0, words: 1 };
  print(
    `${variant.name.padEnd(14)} ALL WER ${((100 * a.errors) / a.words).toFixed(1)}%   [${variant.effects.join(' ')} | ${variant.flags.join(' ')}]`,
  );
  for (const [key, t] of totals) {
    const [name, voice] = key.split('\t');
    if (name === variant.name)
      print(
        `    ${(voice ?? '').padEnd(32)} WER ${((100 * t.errors) / t.words).toFixed(1)}%  conf ${(t.confidence / Math.max(1, t.count)).toFixed(3)}  heard ${t.count}`,
      );
  }
}
process.exit(0);

function energy(samples: Int16Array): number {
  let sum = 0;
  for (const v of samples) sum += v * v;
  return sum;
}
