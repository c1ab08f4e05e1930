/**
 * Builds the MLLR transform the local engine decodes with (speaker-adaptation.ts): one global
 * linear transform of the en-us acoustic model's means, estimated by sphinxtrain (`bw`,
 * `mllr_solve`) on synthesized speech of the voices the engine is tuned on only (espeak-ng
 * en-us+klatt2, en-us+f2, en-us+m1), reading the contact-centre corpus (not the development or
 * held-out calls). Repeatable: espeak-ng is deterministic and sox runs with -R, so the same
 * packages give the same file. Needs the Debian packages sphinxtrain and sphinxbase-utils
 * (.ci/system-packages.sh). About 5 minutes on 2 cores.
 *   npm run build:speaker-adaptation [-- --out=FILE]
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createLogger } from '../../../logger.js';
import { defaultLocalModelDir } from '../../engine-settings.js';
import { contactCentreSentences } from '../contact-centre-corpus.js';
import { defaultSpeakerAdaptationFile } from './speaker-adaptation.js';
import { sendumpToMixtureWeights } from './sendump-mixture-weights.js';
import { ptmFeatureArguments } from './ptm-feature-arguments.js';

const run = promisify(execFile);
const logger = createLogger({ level: 'info', name: 'build-speaker-adaptation' });
const sphinxtrain = '/usr/lib/sphinxtrain';
/** The voices the engine is tuned on (test/bench/engine.bench.ts `tunedPairs`); never the untuned ones. */
const adaptationVoices = ['en-us+klatt2', 'en-us+f2', 'en-us+m1'];
const sentencesPerUtterance = 3;

async function buildSpeakerAdaptation(modelDir: string, outFile: string): Promise<void> {
  const work = await mkdtemp(path.join(tmpdir(), 'convoqa-adaptation-'));
  try {
    const dictionary = path.join(modelDir, 'cmudict-en-us.dict');
    const known = new Set((await readFile(dictionary, 'utf8')).split('\n').map((line) => line.split(' ')[0]));
    const sentences = contactCentreSentences().filter((s) => s.split(' ').every((w) => known.has(w)));
    const utterances = adaptationVoices.flatMap((voice, v) => {
      // Each voice reads every sentence once, grouped differently per voice.
      const rotated = [...sentences.slice(v * 7), ...sentences.slice(0, v * 7)];
      return Array.from({ length: Math.ceil(rotated.length / sentencesPerUtterance) }, (_, i) => ({
        id: `${voice.replace(/\W/g, '_')}_${String(i).padStart(3, '0')}`,
        voice,
        text: rotated.slice(i * sentencesPerUtterance, (i + 1) * sentencesPerUtterance).join(' '),
      }));
    });
    await mkdir(path.join(work, 'wav'));
    await mkdir(path.join(work, 'mfc'));
    let next = 0;
    await Promise.all(
      [0, 1].map(async () => {
        while (next < utterances.length) {
          const u = utterances[next++];
          if (!u) break;
          const raw = path.join(work, 'wav', `${u.id}.raw.wav`);
          await run('espeak-ng', ['-v', u.voice, '-s', '150', '-w', raw, u.text]);
          await run('sox', ['-R', raw, '-r', '16000', '-c', '1', '-b', '16', path.join(work, 'wav', `${u.id}.wav`), 'gain', '-n', '-3']);
          await rm(raw);
        }
      }),
    );
    const fileIds = path.join(work, 'adapt.fileids');
    const transcription = path.join(work, 'adapt.transcription');
    await writeFile(fileIds, utterances.map((u) => `${u.id}\n`).join(''));
    await writeFile(transcription, utterances.map((u) => `<s> ${u.text} </s> (${u.id})\n`).join(''));
    logger.info({ utterances: utterances.length, voices: adaptationVoices }, 'adaptation speech synthesized');

    const model = path.join(work, 'model');
    await mkdir(model);
    const acoustic = path.join(modelDir, 'en-us');
    for (const file of ['feat.params', 'means', 'variances', 'transition_matrices', 'noisedict'])
      await copyFile(path.join(acoustic, file), path.join(model, file));
    await writeFile(path.join(model, 'mixture_weights'), sendumpToMixtureWeights(await readFile(path.join(acoustic, 'sendump'))));
    await run('pocketsphinx_mdef_convert', ['-text', path.join(acoustic, 'mdef'), path.join(model, 'mdef.txt')]);
    const options = { cwd: work, maxBuffer: 256 * 1024 * 1024 };
    await run(
      'sphinx_fe',
      [
        '-argfile',
        path.join(model, 'feat.params'),
        '-samprate',
        '16000',
        '-c',
        fileIds,
        '-di',
        'wav',
        '-do',
        'mfc',
        '-ei',
        'wav',
        '-eo',
        'mfc',
        '-mswav',
        'yes',
      ],
      options,
    );
    // The decoder's own front-end settings (feat.params: 1s_c_d_dd, three streams, batch CMN).
    await mkdir(path.join(work, 'accum'));
    await run(
      path.join(sphinxtrain, 'bw'),
      [
        '-hmmdir',
        model,
        '-moddeffn',
        path.join(model, 'mdef.txt'),
        ...ptmFeatureArguments,
        '-dictfn',
        dictionary,
        '-fdictfn',
        path.join(model, 'noisedict'),
        '-ctlfn',
        fileIds,
        '-lsnfn',
        transcription,
        '-cepdir',
        'mfc',
        '-cepext',
        'mfc',
        '-accumdir',
        'accum',
      ],
      options,
    );
    await run(
      path.join(sphinxtrain, 'mllr_solve'),
      ['-meanfn', path.join(model, 'means'), '-varfn', path.join(model, 'variances'), '-outmllrfn', 'transform.mllr', '-accumdir', 'accum'],
      options,
    );
    const transform = await readFile(path.join(work, 'transform.mllr'));
    await writeFile(outFile, transform);
    logger.info({ outFile, sha256: createHash('sha256').update(transform).digest('hex') }, 'speaker adaptation written');
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const outArg = process.argv.find((a) => a.startsWith('--out='))?.slice('--out='.length);
await buildSpeakerAdaptation(process.env.ENGINE_LOCAL_MODEL_DIR ?? defaultLocalModelDir, outArg ?? defaultSpeakerAdaptationFile);
