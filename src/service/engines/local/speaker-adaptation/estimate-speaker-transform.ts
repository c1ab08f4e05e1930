import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { readPcmRange } from '../../../processing/pcm-wav.js';
import { trainingModelFiles } from './training-model-files.js';

const run = promisify(execFile);

/** Where Debian's sphinxtrain package installs its tools (bw, mllr_solve). */
export const sphinxtrainDir = '/usr/lib/sphinxtrain';

/** One stretch of a speaker's audio and the words a first decode heard in it (the transcript to adapt to). */
export interface AdaptationStretch {
  start: number;
  end: number;
  words: string[];
}

export interface SpeakerTransformOptions {
  /** Debian's pocketsphinx-en-us model (ENGINE_LOCAL_MODEL_DIR): `en-us/` acoustic model inside. */
  modelDir: string;
  /** The pronouncing dictionary the first decode used (every transcript word must be in it). */
  dictionaryFile: string;
  /** A scratch folder of this speaker's own (stretches, features, statistics, the transform). */
  workDir: string;
  /** Per sphinxtrain or sphinx_fe command. */
  timeoutMs: number;
  /** Where bw and mllr_solve are installed (`sphinxtrainDir` by default). */
  sphinxtrainDir?: string;
  /** Where the model's mdef text and mixture weights are kept between calls (training-model-files.ts's default: under the OS temp folder). */
  modelCacheDir?: string;
  /** Stops the estimate: the running tool is killed and the promise rejects. */
  signal?: AbortSignal;
}

/**
 * Estimates one global MLLR transform of the acoustic model's means (three feature streams) from a
 * speaker's own audio and the words a first decode heard there: unsupervised speaker adaptation.
 * Each stretch is cut from the 16 kHz mono recording as raw PCM, turned into features with the
 * model's own front-end settings (`sphinx_fe`, feat.params), aligned to its words by sphinxtrain's
 * `bw` (Baum-Welch statistics), and `mllr_solve` gives the transform. Stretches bw cannot align
 * (a wrong first-pass transcript) are skipped by bw itself. Returns the transform file's path;
 * throws when a tool fails, times out, or no transform comes out.
 */
export async function estimateSpeakerTransform(wavFile: string, stretches: AdaptationStretch[], options: SpeakerTransformOptions): Promise<string> {
  const { workDir, timeoutMs } = options;
  const tools = options.sphinxtrainDir ?? sphinxtrainDir;
  const acoustic = path.join(options.modelDir, 'en-us');
  const features = path.join(workDir, 'features');
  const accumulators = path.join(workDir, 'accumulators');
  await Promise.all([mkdir(features, { recursive: true }), mkdir(accumulators, { recursive: true })]);
  const usable = stretches.filter((s) => s.words.length > 0 && s.end > s.start);
  if (!usable.length) throw new Error('no stretch with words to adapt to');
  const ids = usable.map((_, i) => `s${String(i).padStart(4, '0')}`);
  await Promise.all(
    usable.map(async (stretch, i) => {
      const samples = await readPcmRange(wavFile, stretch.start, stretch.end);
      await writeFile(path.join(features, `${ids[i]}.raw`), Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength));
    }),
  );
  const fileIds = path.join(workDir, 'adapt.fileids');
  const transcription = path.join(workDir, 'adapt.transcription');
  await writeFile(fileIds, ids.map((id) => `${id}\n`).join(''));
  await writeFile(transcription, usable.map((s, i) => `<s> ${s.words.join(' ')} </s> (${ids[i]})\n`).join(''));

  // bw reads Sphinx-III mixture weights and a text model definition; Debian ships neither. Both
  // depend only on the model, so they are made once (per process and model folder) and kept.
  const model = await trainingModelFiles(options.modelDir, options.modelCacheDir);
  options.signal?.throwIfAborted();
  const tool = { cwd: workDir, timeout: timeoutMs, killSignal: 'SIGKILL' as const, maxBuffer: 64 * 1024 * 1024, ...(options.signal ? { signal: options.signal } : {}) };
  await run('sphinx_fe', ['-argfile', path.join(acoustic, 'feat.params'), '-samprate', '16000', '-c', fileIds, '-di', features, '-do', features, '-ei', 'raw', '-eo', 'mfc', '-raw', 'yes'], tool);
  await run(path.join(tools, 'bw'), [
    '-moddeffn', model.mdefText, '-meanfn', path.join(acoustic, 'means'), '-varfn', path.join(acoustic, 'variances'),
    '-mixwfn', model.mixtureWeights, '-tmatfn', path.join(acoustic, 'transition_matrices'),
    '-ts2cbfn', '.ptm.', '-feat', '1s_c_d_dd', '-svspec', '0-12/13-25/26-38', '-cmn', 'batch', '-agc', 'none',
    '-dictfn', options.dictionaryFile, '-fdictfn', path.join(acoustic, 'noisedict'),
    '-ctlfn', fileIds, '-lsnfn', transcription, '-cepdir', features, '-cepext', 'mfc', '-accumdir', accumulators,
  ], tool);
  const transform = path.join(workDir, 'speaker.mllr');
  await run(path.join(tools, 'mllr_solve'), ['-meanfn', path.join(acoustic, 'means'), '-varfn', path.join(acoustic, 'variances'), '-outmllrfn', transform, '-accumdir', accumulators], tool);
  const numbers = (await readFile(transform, 'utf8')).trim().split(/\s+/).map(Number);
  if (numbers.length < 2 || !numbers.every(Number.isFinite)) throw new Error('mllr_solve wrote no usable transform');
  return transform;
}
