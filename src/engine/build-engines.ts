import type { Logger } from '../logger.js';
import type { EngineSettings } from './engine-settings.js';
import type { Engines } from './engine-types.js';
import { LocalLanguageEngine } from './local/local-language-engine.js';
import { LocalSpeechToText } from './local/local-speech-to-text.js';
import { MoonshineSpeechToText } from './local/moonshine/moonshine-speech-to-text.js';
import { generalModelFiles } from './local/pocketsphinx.js';
import { defaultTwoPassSettings, likelihoodWarpCandidates } from './local/two-pass-adaptation.js';
import { defaultHighVoiceScaling } from './local/high-voice-scaling.js';
import { defaultSpeakerAdaptationFile } from './local/speaker-adaptation/speaker-adaptation.js';
import { OpenAiHttp } from './openai/openai-http.js';
import { OpenAiLanguageEngine } from './openai/openai-language-engine.js';
import { OpenAiSpeechToText } from './openai/openai-speech-to-text.js';

/**
 * The engines named by configuration (ENGINE=local|openai), built. In src/, only create-engines.ts
 * imports this file, and only when a recording is processed: it is what loads onnxruntime and the
 * tokenizer.
 */
export function buildEngines(config: EngineSettings, options: { backoffMs?: number; logger?: Logger } = {}): Engines {
  if (config.kind === 'local' && config.recognizer === 'moonshine') {
    const speechToText = new MoonshineSpeechToText({
      modelDir: config.speechModelDir,
      threads: config.speechThreads,
      // The word model's general English comes from the pocketsphinx model directory configured.
      generalUnigramsFile: generalModelFiles(config.modelDir).languageModel,
      ...(options.logger ? { logger: options.logger } : {}),
    });
    return { speechToText, language: new LocalLanguageEngine() };
  }
  if (config.kind === 'local') {
    const speakerAdaptationFile = config.speakerAdaptation ? defaultSpeakerAdaptationFile : null;
    const twoPass = config.twoPassAdaptation
      ? {
          ...defaultTwoPassSettings,
          ...(config.twoPassWarp ? { warps: likelihoodWarpCandidates } : {}),
          mapPriorFrames: config.twoPassMapPriorFrames,
        }
      : false;
    const highVoiceScaling = config.highVoiceScaling ? defaultHighVoiceScaling : false;
    return {
      speechToText: new LocalSpeechToText({
        modelDir: config.modelDir,
        speakerAdaptationFile,
        twoPass,
        highVoiceScaling,
        logger: options.logger,
      }),
      language: new LocalLanguageEngine(),
    };
  }
  const http = new OpenAiHttp({
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    timeoutMs: config.timeoutMs,
    backoffMs: options.backoffMs,
  });
  return {
    speechToText: new OpenAiSpeechToText(http, config.sttModel),
    language: new OpenAiLanguageEngine(http, config.chatModel),
  };
}
