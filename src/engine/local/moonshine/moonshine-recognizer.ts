import * as ort from 'onnxruntime-node';
import { BeamSearch, endToken, startToken, type LanguageModelFusion } from './beam-search.js';
import { logSoftmax } from './token-scores.js';
import type { SpeechModelFiles } from './speech-model-files.js';
import { decodeTokens } from './moonshine-tokens.js';
import { otherReadings, type OtherReading } from './other-readings.js';
import type { VocabularyBias } from './vocabulary-bias.js';

/** Tokens per second of audio at most (Moonshine's own bound: speech runs well under 6 a second). */
const maxTokensPerSecond = 6;
export const modelSampleRate = 16_000;

export interface RecognizerOptions {
  /** Threads of each ONNX session (intra-op). One by default: a worker decodes calls in parallel, one per core. */
  threads: number;
}

export interface RecognizeOptions {
  /** Hypotheses kept at each step (1, the default here: greedy). */
  beamWidth?: number;
  /** Raises the configuration's vocabulary (vocabulary-bias.ts). */
  bias?: VocabularyBias | null;
  /** Scores each word written with a model of the call's domain (domain-word-model.ts). */
  languageModel?: LanguageModelFusion | null;
}

export interface Reading {
  text: string;
  others: OtherReading[];
}

interface CacheInput {
  name: string;
  heads: number;
  headDim: number;
  isEncoder: boolean;
}

/**
 * Speech to text with Moonshine on onnxruntime-node: the encoder reads 16 kHz samples once, the
 * decoder writes tokens with its key/value cache, one batch row per hypothesis of the beam search
 * (beam-search.ts: the vocabulary's bias and the domain word model's fusion). Inference runs on
 * onnxruntime's own threads, so the event loop stays free. Meant for stretches of speech up to
 * about 30 s (a turn).
 */
export class MoonshineRecognizer {
  private constructor(
    private readonly encoder: ort.InferenceSession,
    private readonly decoder: ort.InferenceSession,
    /** The decoder's cache inputs (Tiny: 6 layers of 8 heads × 36; Base: 8 of 8 × 52), self-attention and cross-attention. */
    private readonly cacheInputs: CacheInput[],
  ) {}

  static async load(files: SpeechModelFiles, options: RecognizerOptions): Promise<MoonshineRecognizer> {
    const sessionOptions: ort.InferenceSession.SessionOptions = {
      intraOpNumThreads: options.threads,
      interOpNumThreads: 1,
      executionProviders: ['cpu'],
    };
    const [encoder, decoder] = await Promise.all([
      ort.InferenceSession.create(files.encoder, sessionOptions),
      ort.InferenceSession.create(files.decoder, sessionOptions),
    ]);
    const cacheInputs = decoder.inputMetadata.flatMap((input) => {
      if (!input.name.startsWith('past_key_values.') || !input.isTensor) return [];
      const [, heads, , headDim] = input.shape;
      if (typeof heads !== 'number' || typeof headDim !== 'number')
        throw new Error(`unexpected shape of the Moonshine decoder's ${input.name}`);
      return [{ name: input.name, heads, headDim, isEncoder: input.name.includes('.encoder.') }];
    });
    return new MoonshineRecognizer(encoder, decoder, cacheInputs);
  }

  async recognize(samples: Float32Array, options: RecognizeOptions = {}): Promise<string> {
    return (await this.read(samples, options)).text;
  }

  /** The best reading, and the others the beam search let go (other-readings.ts). */
  async read(samples: Float32Array, options: RecognizeOptions = {}): Promise<Reading> {
    if (samples.length < modelSampleRate * 0.1) return { text: '', others: [] };
    const { last_hidden_state: encoded } = await this.encoder.run({
      input_values: new ort.Tensor('float32', samples, [1, samples.length]),
    });
    if (!encoded) throw new Error('the Moonshine encoder returned no hidden state');
    const search = new BeamSearch({
      width: Math.max(1, options.beamWidth ?? 1),
      bias: options.bias ?? null,
      languageModel: options.languageModel ?? null,
    });
    const maxTokens = Math.ceil((samples.length / modelSampleRate) * maxTokensPerSecond);
    let past: Record<string, ort.Tensor> = Object.fromEntries(
      this.cacheInputs.map((c) => [c.name, new ort.Tensor('float32', new Float32Array(0), [0, c.heads, 1, c.headDim])]),
    );
    // The encoder's cross-attention cache comes out of the first step (one row) and is the same for every hypothesis after it.
    const crossCache: Record<string, ort.Tensor> = {};
    const repeated = new Map<string, ort.Tensor>();
    const rowsOf = (tensor: ort.Tensor, rows: number, key: string) => {
      const cached = repeated.get(key);
      if (cached?.dims[0] === rows) return cached;
      const made = repeatRow(tensor, rows);
      repeated.set(key, made);
      return made;
    };
    for (let step = 0; step < maxTokens && !search.isDone; step += 1) {
      const hypotheses = search.hypotheses;
      const rows = hypotheses.length;
      const last = hypotheses.map((h) => BigInt(h.tokens.at(-1) ?? startToken));
      const output = await this.decoder.run({
        input_ids: new ort.Tensor('int64', BigInt64Array.from(last), [rows, 1]),
        encoder_hidden_states: rowsOf(encoded, rows, 'encoded'),
        use_cache_branch: new ort.Tensor('bool', [step > 0], [1]),
        ...past,
        ...Object.fromEntries(Object.entries(crossCache).map(([name, tensor]) => [name, rowsOf(tensor, rows, name)])),
      });
      const logits = output.logits;
      if (!logits) throw new Error('the Moonshine decoder returned no logits');
      const vocabularySize = logits.dims[2] ?? 0;
      const positions = logits.dims[1] ?? 1;
      const data = logits.data as Float32Array;
      const next = search.advance(
        (row) =>
          logSoftmax(data.subarray((row * positions + positions - 1) * vocabularySize, (row * positions + positions) * vocabularySize)),
        step,
      );
      if (!next.length) break;
      const parents = next.map((h) => h.parent);
      const selfCache: Record<string, ort.Tensor> = {};
      for (const input of this.cacheInputs) {
        const present = output[input.name.replace('past_key_values.', 'present.')];
        if (!present) throw new Error(`the Moonshine decoder returned no ${input.name}`);
        if (input.isEncoder) {
          if (step === 0) crossCache[input.name] = present;
        } else selfCache[input.name] = gatherRows(present, parents);
      }
      past = selfCache;
    }
    const best = search.best();
    if (!best) return { text: '', others: [] };
    return {
      text: decodeTokens(best.tokens.filter((t) => t !== endToken)).trim(),
      others: otherReadings(best.tokens, search.alternatives()),
    };
  }

  async release(): Promise<void> {
    await Promise.all([this.encoder.release(), this.decoder.release()]);
  }
}

/** A one-row tensor repeated as `rows` rows. */
function repeatRow(tensor: ort.Tensor, rows: number): ort.Tensor {
  const [first = 1, ...rest] = tensor.dims;
  if (first === rows) return tensor;
  const data = tensor.data as Float32Array;
  const size = data.length / first;
  const out = new Float32Array(size * rows);
  for (let r = 0; r < rows; r += 1) out.set(data.subarray(0, size), r * size);
  return new ort.Tensor('float32', out, [rows, ...rest]);
}

/** The rows of a cache tensor each surviving hypothesis came from, in its new order. */
function gatherRows(tensor: ort.Tensor, rows: number[]): ort.Tensor {
  const [first = 1, ...rest] = tensor.dims;
  const data = tensor.data as Float32Array;
  const size = data.length / first;
  if (rows.length === first && rows.every((r, i) => r === i)) return tensor;
  const out = new Float32Array(size * rows.length);
  rows.forEach((row, i) => out.set(data.subarray(row * size, (row + 1) * size), i * size));
  return new ort.Tensor('float32', out, [rows.length, ...rest]);
}
