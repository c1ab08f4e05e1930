import { fileURLToPath } from 'node:url';

/**
 * The MLLR transform of Debian's en-us acoustic model toward synthesized (espeak-ng) voices,
 * built by build-speaker-adaptation.ts from the tuned voices only and committed (a few kilobytes).
 * pocketsphinx applies it to the model's means when it loads (`-mllr`): no decoding cost. It is
 * only valid for the model it was estimated on, so it is used with the default model directory
 * only (create-engines.ts). Why it is off by default:
 * docs/engine.md, "Speaker adaptation toward synthesized voices".
 */
export const defaultSpeakerAdaptationFile = fileURLToPath(new URL('./espeak-voices.mllr', import.meta.url));
