import { spawn } from 'node:child_process';

/**
 * pocketsphinx's default decoder settings with the general model. Measured on the bench's
 * synthesized set (docs/processing.md, "Engines"), none of the variants tried did better:
 * wider beams with -lw 10 39.2% word errors, -lw 8 38.7%, -lw 12 55.4%, -vad_threshold 3 41.1%, no
 * fwdflat/bestpath 47.8%, against 38.7% for the defaults. With the domain model, wider beams lower
 * word errors but cost a critical fail (local-speech-to-text.ts, `wideSearchFlags`; docs/engine.md,
 * "Options measured and left off").
 */
const decoderArgs: string[] = [];

/** The installed model's general language model and pronouncing dictionary (ENGINE_LOCAL_MODEL_DIR). */
export const generalModelFiles = (modelDir: string) => ({
  languageModel: `${modelDir}/en-us.lm.bin`,
  dictionary: `${modelDir}/cmudict-en-us.dict`,
});

export interface RecognitionOptions {
  timeoutMs: number;
  /** Debian's pocketsphinx-en-us model (ENGINE_LOCAL_MODEL_DIR): acoustic model, general LM, dictionary. */
  modelDir: string;
  /** An ARPA model to use instead of the general one (recognition-domain.ts builds one per call). */
  languageModelFile?: string;
  dictionaryFile?: string;
  /** pocketsphinx -lw; its default (6.5) when absent. */
  languageWeight?: number;
  /**
   * Vocal tract length normalisation: -warp_params of pocketsphinx's inverse_linear warp (the
   * spectrum's frequencies divided by it). 1 or absent: no warp.
   */
  warp?: number;
  /** An MLLR transform of the acoustic model's means (pocketsphinx -mllr), or null. */
  speakerAdaptationFile?: string | null;
  /** Adapted Gaussian means to use instead of the model's (pocketsphinx -mean). */
  meansFile?: string;
  /** Further decoder flags (pocketsphinx_continuous name/value pairs), after the ones above. */
  decoderFlags?: string[];
  /** Stops the decode (the process is killed) and rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface RecognizedWord {
  word: string;
  start: number;
  end: number;
  /** The decoder's posterior probability of the word (0..1). */
  confidence: number;
}

/** A stretch of speech between two pauses the decoder detected. */
export interface Utterance {
  start: number;
  end: number;
  words: RecognizedWord[];
}

/**
 * Runs pocketsphinx_continuous on a 16 kHz mono WAV and returns its utterances with word timings.
 * Fillers, silences and noise markers are dropped; alternate pronunciations ("our(3)") are folded.
 * `modelDir` holds Debian's pocketsphinx-en-us model (ENGINE_LOCAL_MODEL_DIR).
 */
export function recognizeWithPocketsphinx(wavFile: string, options: RecognitionOptions): Promise<Utterance[]> {
  const args = pocketsphinxArguments(wavFile, options);
  return new Promise((resolve, reject) => {
    const child = spawn('pocketsphinx_continuous', args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.signal ? { signal: options.signal, killSignal: 'SIGKILL' as const } : {}),
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 2_000) stderr += chunk.toString();
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      if (options.signal?.aborted) return reject(options.signal.reason instanceof Error ? options.signal.reason : error);
      reject(new Error(`pocketsphinx_continuous could not start (is the pocketsphinx package installed?): ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (options.signal?.aborted) return;
      if (code === 0) resolve(parseTimedOutput(stdout));
      else reject(new Error(`pocketsphinx_continuous failed (${signal ?? `exit ${code}`}): ${stderr.trim().slice(0, 300)}`));
    });
  });
}

/** pocketsphinx_continuous's command line for one decode. */
export function pocketsphinxArguments(wavFile: string, options: RecognitionOptions): string[] {
  const { modelDir } = options;
  const general = generalModelFiles(modelDir);
  return [
    '-infile',
    wavFile,
    '-time',
    'yes',
    '-logfn',
    '/dev/null',
    '-hmm',
    `${modelDir}/en-us`,
    '-lm',
    options.languageModelFile ?? general.languageModel,
    '-dict',
    options.dictionaryFile ?? general.dictionary,
    ...(options.languageWeight ? ['-lw', String(options.languageWeight)] : decoderArgs),
    ...(options.warp && options.warp !== 1 ? ['-warp_type', 'inverse_linear', '-warp_params', String(options.warp)] : []),
    ...(options.speakerAdaptationFile ? ['-mllr', options.speakerAdaptationFile] : []),
    ...(options.meansFile ? ['-mean', options.meansFile] : []),
    ...(options.decoderFlags ?? []),
  ];
}

const timedLine = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/;

export function parseTimedOutput(output: string): Utterance[] {
  const utterances: Utterance[] = [];
  let current: Utterance | null = null;
  for (const line of output.split('\n')) {
    const m = timedLine.exec(line.trim());
    if (!m) continue;
    const [, token = '', start, end, confidence] = m;
    if (token === '<s>') {
      current = { start: Number(start), end: Number(end), words: [] };
    } else if (token === '</s>') {
      if (current && current.words.length > 0) utterances.push({ ...current, end: Number(start) });
      current = null;
    } else if (current && token !== '<sil>' && !/^\[.*\]$|^\+\+.*\+\+$|^<.*>$/.test(token)) {
      current.words.push({ word: token.replace(/\(\d+\)$/, ''), start: Number(start), end: Number(end), confidence: Number(confidence) });
    }
  }
  return utterances;
}
