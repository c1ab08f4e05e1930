/**
 * The engines named by configuration (ENGINE=local|openai), loaded at their first use: every
 * process builds a processing context, but only the worker's processing job transcribes or judges
 * a call. Importing the local engine loads onnxruntime, the Moonshine tokenizer and the language
 * tools (about a second of a CLI command's start, docs/processes.md "Each process loads what it
 * uses"), so this file imports no engine code and build-engines.ts is imported on demand.
 */
import type { Logger } from '../logger.js';
import type { EngineSettings } from './engine-settings.js';
import type { Engines, LanguageEngine, SpeechToTextEngine } from './engine-types.js';

export interface EngineOptions {
  /** Back-off between retried calls to the OpenAI-compatible endpoint (tests shorten it). */
  backoffMs?: number;
  logger?: Logger;
}

export function createEngines(config: EngineSettings, options: EngineOptions = {}): Engines {
  let loading: Promise<Engines> | null = null;
  const load = (): Promise<Engines> => {
    loading ??= import('./build-engines.js').then(
      ({ buildEngines }) => buildEngines(config, options),
      (error: unknown) => {
        // A failed import (a missing native library, say) is tried again by the next job.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const name = config.kind;
  const speechToText: SpeechToTextEngine = {
    name,
    transcribe: async (audio, hints) => (await load()).speechToText.transcribe(audio, hints),
  };
  const language: LanguageEngine = {
    name,
    summarize: async (transcript, settings) => (await load()).language.summarize(transcript, settings),
    extractFields: async (transcript, fields, context) => (await load()).language.extractFields(transcript, fields, context),
    judgeCriteria: async (transcript, evaluator) => (await load()).language.judgeCriteria(transcript, evaluator),
  };
  return { speechToText, language };
}
