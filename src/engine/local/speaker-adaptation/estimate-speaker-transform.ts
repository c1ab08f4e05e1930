import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { readPcmRange } from '../../audio/pcm-wav.js';
import { alignedUtterances, mostLikelyWarp } from './speaker-warp-likelihood.js';
import { trainingModelFiles } from './training-model-files.js';
import { ptmFeatureArguments } from './ptm-feature-arguments.js';

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
  /**
   * Vocal tract length warp factors (pocketsphinx's inverse_linear -warp_params) to choose from by
   * likelihood before the transform is estimated (speaker-warp-likelihood.ts); absent or [1]: no warp.
   */
  warps?: number[];
  /** Stops the estimate: the running tool is killed and the promise rejects. */
  signal?: AbortSignal;
  /**
   * When given, the means are also MAP-adapted on top of the MLLR transform, with this prior weight
   * (map_adapt's tau, in frames: a Gaussian moves halfway to its data's mean once it has aligned
   * this many frames); the result's `meansFile` then replaces the model's means. Absent: MLLR only.
   */
  mapPriorFrames?: number;
}

/** A speaker's transform, and the warp it was estimated on (the second decode must use the same). */
export interface SpeakerTransform {
  file: string;
  warp: number;
  /** Total log likelihood of the speaker's stretches per candidate warp (empty when no warp was tried). */
  warpLogLikelihoods: Map<number, number>;
  /** MAP-adapted means (the transform already applied to them), when `mapPriorFrames` was given: decode with these instead of `file`. */
  meansFile?: string;
}

/**
 * Estimates one global MLLR transform of the acoustic model's means (three feature streams) from a
 * speaker's own audio and the words a first decode heard there: unsupervised speaker adaptation.
 * Each stretch is cut from the 16 kHz mono recording as raw PCM, turned into features with the
 * model's own front-end settings (`sphinx_fe`, feat.params), aligned to its words by sphinxtrain's
 * `bw` (Baum-Welch statistics), and `mllr_solve` gives the transform. Stretches bw cannot align
 * (a wrong first-pass transcript) are skipped by bw itself. With several `warps`, the features are
 * first made once per warp and the most likely warp is kept (maximum-likelihood VTLN, one more bw
 * run), and the transform is estimated on that warp's features. With `mapPriorFrames`, the means
 * are then MAP-adapted on top of the transform (mllr_transform, bw on the transformed means,
 * map_adapt; docs/engine.md, "Options measured and left off"). Throws when a tool fails, times out, or no transform
 * comes out.
 */
export async function estimateSpeakerTransform(
  wavFile: string,
  stretches: AdaptationStretch[],
  options: SpeakerTransformOptions,
): Promise<SpeakerTransform> {
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
  const tool = {
    cwd: workDir,
    timeout: timeoutMs,
    killSignal: 'SIGKILL' as const,
    maxBuffer: 64 * 1024 * 1024,
    ...(options.signal ? { signal: options.signal } : {}),
  };
  const bwWith = (meansFile: string, fileIdsFile: string, transcriptionFile: string, cepDir: string, accumDir: string) =>
    run(
      path.join(tools, 'bw'),
      [
        '-moddeffn',
        model.mdefText,
        '-meanfn',
        meansFile,
        '-varfn',
        path.join(acoustic, 'variances'),
        '-mixwfn',
        model.mixtureWeights,
        '-tmatfn',
        path.join(acoustic, 'transition_matrices'),
        ...ptmFeatureArguments,
        '-dictfn',
        options.dictionaryFile,
        '-fdictfn',
        path.join(acoustic, 'noisedict'),
        '-ctlfn',
        fileIdsFile,
        '-lsnfn',
        transcriptionFile,
        '-cepdir',
        cepDir,
        '-cepext',
        'mfc',
        '-accumdir',
        accumDir,
      ],
      tool,
    );
  const bw = (fileIdsFile: string, transcriptionFile: string, cepDir: string, accumDir: string) =>
    bwWith(path.join(acoustic, 'means'), fileIdsFile, transcriptionFile, cepDir, accumDir);
  const featuresFor = async (warp: number, out: string) => {
    await mkdir(out, { recursive: true });
    const warpArgs = warp === 1 ? [] : ['-warp_type', 'inverse_linear', '-warp_params', String(warp)];
    await run(
      'sphinx_fe',
      [
        '-argfile',
        path.join(acoustic, 'feat.params'),
        '-samprate',
        '16000',
        '-c',
        fileIds,
        '-di',
        features,
        '-do',
        out,
        '-ei',
        'raw',
        '-eo',
        'mfc',
        '-raw',
        'yes',
        ...warpArgs,
      ],
      tool,
    );
  };

  const warps = [...new Set(options.warps ?? [1])];
  let warp = warps.length === 1 ? (warps[0] ?? 1) : 1;
  let warpLogLikelihoods = new Map<number, number>();
  if (warps.length > 1) {
    // Every stretch under every warp, aligned in one bw run (the model loads once).
    const warped = path.join(workDir, 'warped');
    await Promise.all(warps.map((w, i) => featuresFor(w, path.join(warped, `w${i}`))));
    const allIds = path.join(workDir, 'warps.fileids');
    const allTranscription = path.join(workDir, 'warps.transcription');
    await writeFile(allIds, warps.map((_, i) => ids.map((id) => `w${i}/${id}\n`).join('')).join(''));
    await writeFile(
      allTranscription,
      warps.map(() => usable.map((s, i) => `<s> ${s.words.join(' ')} </s> (${ids[i]})\n`).join('')).join(''),
    );
    const selectionAccumulators = path.join(workDir, 'warp-accumulators');
    await mkdir(selectionAccumulators, { recursive: true });
    const { stdout } = await bw(allIds, allTranscription, warped, selectionAccumulators);
    ({ warp, logLikelihoods: warpLogLikelihoods } = mostLikelyWarp(alignedUtterances(stdout), warps, ids.length));
  }
  await featuresFor(warp, features);
  await bw(fileIds, transcription, features, accumulators);
  const transform = path.join(workDir, 'speaker.mllr');
  await run(
    path.join(tools, 'mllr_solve'),
    [
      '-meanfn',
      path.join(acoustic, 'means'),
      '-varfn',
      path.join(acoustic, 'variances'),
      '-outmllrfn',
      transform,
      '-accumdir',
      accumulators,
    ],
    tool,
  );
  const numbers = (await readFile(transform, 'utf8')).trim().split(/\s+/).map(Number);
  if (numbers.length < 2 || !numbers.every(Number.isFinite)) throw new Error('mllr_solve wrote no usable transform');
  if (!options.mapPriorFrames) return { file: transform, warp, warpLogLikelihoods };
  const transformedMeans = path.join(workDir, 'means.mllr');
  await run(
    path.join(tools, 'mllr_transform'),
    ['-inmeanfn', path.join(acoustic, 'means'), '-outmeanfn', transformedMeans, '-mllrmat', transform],
    tool,
  );
  const mapAccumulators = path.join(workDir, 'map-accumulators');
  await mkdir(mapAccumulators, { recursive: true });
  await bwWith(transformedMeans, fileIds, transcription, features, mapAccumulators);
  const meansFile = path.join(workDir, 'means.map');
  await run(
    path.join(tools, 'map_adapt'),
    [
      '-moddeffn',
      model.mdefText,
      '-ts2cbfn',
      '.ptm.',
      '-meanfn',
      transformedMeans,
      '-varfn',
      path.join(acoustic, 'variances'),
      '-mixwfn',
      model.mixtureWeights,
      '-tmatfn',
      path.join(acoustic, 'transition_matrices'),
      '-accumdir',
      mapAccumulators,
      '-mapmeanfn',
      meansFile,
      '-bayesmean',
      'no',
      '-fixedtau',
      'yes',
      '-tau',
      String(options.mapPriorFrames),
    ],
    tool,
  );
  return { file: transform, warp, warpLogLikelihoods, meansFile };
}
