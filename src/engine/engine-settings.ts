/** Which engines process recordings (ENGINE_*): `local` (offline, the default) or `openai`. */
import path from 'node:path';
import { z } from 'zod';
import { httpUrl, wholeNumber } from '../lib/config/env-types.js';
import { projectRoot } from '../lib/config/project-root.js';

/**
 * Where the set-up puts the Moonshine model, from the project (ENGINE_LOCAL_SPEECH_MODEL_DIR): a
 * tool cache inside node_modules, emptied by `npm ci` and filled again by its postinstall. Here
 * rather than in local/moonshine/ so that reading the configuration loads no engine code
 * (docs/processes.md, "Each process loads what it uses").
 */
export const speechModelDirInProject = 'node_modules/.cache/convoqa/moonshine-base-en';

/** Debian's pocketsphinx-en-us model, installed by the set-up (.ci/system-packages.sh). */
export const defaultLocalModelDir = '/usr/share/pocketsphinx/model/en-us';

export const EngineSettings = z
  .object({
    /** Speech-to-text and language engines: `local` (offline) or `openai` (any compatible endpoint). */
    ENGINE: z.enum(['local', 'openai']).default('local'),
    /**
     * The local engine's speech recogniser: `moonshine` (a neural model run by onnxruntime, the
     * default) or `pocketsphinx` (Debian's, with the settings below). Moonshine made a third to a
     * sixth of pocketsphinx's word errors on every voice measured (docs/engine-bench.md, "Other speech,
     * both recognisers").
     */
    ENGINE_LOCAL_RECOGNIZER: z.enum(['moonshine', 'pocketsphinx']).default('moonshine'),
    /** Where the set-up installs the Moonshine model (relative to the project, or absolute). */
    ENGINE_LOCAL_SPEECH_MODEL_DIR: z.string().min(1).default(speechModelDirInProject),
    /** onnxruntime threads per recording decoded by Moonshine (a worker decodes recordings side by side). */
    ENGINE_LOCAL_SPEECH_THREADS: wholeNumber({ min: 1, max: 64 }).default(1),
    /** pocketsphinx only: the acoustic model, language model and dictionary (Debian's pocketsphinx-en-us). */
    ENGINE_LOCAL_MODEL_DIR: z.string().min(1).default(defaultLocalModelDir),
    /**
     * pocketsphinx only. Decode with the committed MLLR transform toward espeak-ng's synthesized voices
     * (local/speaker-adaptation/); only with the default model directory, which it was estimated on.
     * Off by default: it fits espeak-ng's synthesis, not speech in general (flite's voices and a
     * human recording come out worse with it; docs/engine.md, "Speaker adaptation toward synthesized
     * voices").
     */
    ENGINE_LOCAL_SPEAKER_ADAPTATION: z.stringbool().default(false),
    /**
     * pocketsphinx only. Unsupervised speaker adaptation in two passes (local/two-pass-adaptation.ts): each speaker's
     * first-pass words give an MLLR transform estimated from their own audio by sphinxtrain, then a
     * second decode. Needs the sphinxtrain and sphinxbase-utils packages; any failure keeps the first
     * pass. On by default: fewer word errors on every voice measured, synthesized or not, for 2-3.5×
     * the CPU of one decode (docs/engine.md, "Two-pass speaker adaptation"); false decodes once.
     */
    ENGINE_LOCAL_TWO_PASS_ADAPTATION: z.stringbool().default(true),
    /**
     * pocketsphinx only. With the two passes, each speaker first chooses a vocal tract length warp by likelihood
     * (maximum-likelihood VTLN over `likelihoodWarpCandidates`) and the transform is estimated and
     * the second decode made with it. Off by default (docs/engine.md, "Options measured and left off").
     */
    ENGINE_LOCAL_TWO_PASS_WARP: z.stringbool().default(false),
    /**
     * pocketsphinx only. With the two passes, each speaker's means are also MAP-adapted on top of their MLLR transform,
     * with this prior weight in frames (map_adapt's tau; of 50, 100 and 300, 300 did best on f4). 0, the default: MLLR only.
     * Off by default: it lowers the male voices' word errors but raised f4's on the development
     * calls (docs/engine.md, "Options measured and left off").
     */
    ENGINE_LOCAL_TWO_PASS_MAP_PRIOR_FRAMES: wholeNumber({ min: 0 }).default(0),
    /**
     * pocketsphinx only. Frequency scaling of high voices (local/high-voice-scaling.ts): a speaker whose median pitch is
     * a typical woman's is decoded from a copy of the call with its spectrum lowered by a fixed
     * ratio, and takes a second adaptation round, kept only when the decoder is surer of its words.
     * On by default (docs/engine.md, "Frequency scaling of high voices"); false decodes every voice as it is.
     */
    ENGINE_LOCAL_HIGH_VOICE_SCALING: z.stringbool().default(true),
    ENGINE_OPENAI_BASE_URL: httpUrl().default('https://api.openai.com/v1'),
    ENGINE_OPENAI_API_KEY: z.string().optional(),
    ENGINE_OPENAI_STT_MODEL: z.string().default('whisper-1'),
    ENGINE_OPENAI_CHAT_MODEL: z.string().default('gpt-4o-mini'),
    /** Per request to the engine endpoint. */
    ENGINE_TIMEOUT_MS: wholeNumber({ min: 1 }).default(120_000),
  })
  .transform((env, ctx) => {
    if (env.ENGINE === 'local') {
      const speakerAdaptation = env.ENGINE_LOCAL_SPEAKER_ADAPTATION && path.resolve(env.ENGINE_LOCAL_MODEL_DIR) === defaultLocalModelDir;
      return {
        kind: 'local' as const,
        recognizer: env.ENGINE_LOCAL_RECOGNIZER,
        speechModelDir: path.resolve(projectRoot, env.ENGINE_LOCAL_SPEECH_MODEL_DIR),
        speechThreads: env.ENGINE_LOCAL_SPEECH_THREADS,
        modelDir: env.ENGINE_LOCAL_MODEL_DIR,
        speakerAdaptation,
        twoPassAdaptation: env.ENGINE_LOCAL_TWO_PASS_ADAPTATION,
        twoPassWarp: env.ENGINE_LOCAL_TWO_PASS_WARP,
        twoPassMapPriorFrames: env.ENGINE_LOCAL_TWO_PASS_MAP_PRIOR_FRAMES || null,
        highVoiceScaling: env.ENGINE_LOCAL_HIGH_VOICE_SCALING,
      };
    }
    if (!env.ENGINE_OPENAI_API_KEY) {
      ctx.addIssue({ code: 'custom', path: ['ENGINE_OPENAI_API_KEY'], message: 'required when ENGINE=openai' });
      return z.NEVER;
    }
    return {
      kind: 'openai' as const,
      baseUrl: env.ENGINE_OPENAI_BASE_URL.replace(/\/$/, ''),
      apiKey: env.ENGINE_OPENAI_API_KEY,
      sttModel: env.ENGINE_OPENAI_STT_MODEL,
      chatModel: env.ENGINE_OPENAI_CHAT_MODEL,
      timeoutMs: env.ENGINE_TIMEOUT_MS,
    };
  });
export type EngineSettings = z.infer<typeof EngineSettings>;
