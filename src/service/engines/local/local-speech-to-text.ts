import { readPcmRange } from '../../processing/pcm-wav.js';
import type { DecodedRecording } from '../../processing/decode-recording.js';
import type { SpeechToTextEngine, Transcript } from '../engine-types.js';
import { recognizeWithPocketsphinx } from './pocketsphinx.js';
import { assignSpeakersByChannel, assignSpeakersByVoice, chunksOf, mergeTurns } from './speaker-turns.js';
import { applyVocabulary } from './vocabulary-hints.js';

/**
 * Offline speech-to-text: pocketsphinx (Debian's en-us model) on the mixdown; speakers from the
 * channels of a stereo recording (the louder channel during each stretch of speech), or from
 * voices (pitch) in a mono one; vocabulary applied as a sound-alike correction. English only:
 * the only acoustic model installed is en-us.
 *
 * A stereo recording is decoded once, mixed, rather than channel by channel: measured on the
 * synthesized set, a channel that is silent half the time decodes worse (52% word errors against
 * 39% for the mix), and one decode costs half the time.
 */
export class LocalSpeechToText implements SpeechToTextEngine {
  readonly name = 'local';

  /** `modelDir`: the pocketsphinx model (ENGINE_LOCAL_MODEL_DIR); `timeoutMs` bounds one decode. */
  constructor(private readonly options: { modelDir: string; timeoutMs?: number }) {}

  async transcribe(audio: DecodedRecording, hints: { vocabulary: string[] }): Promise<Transcript> {
    const recognized = await recognizeWithPocketsphinx(audio.mixdown, { modelDir: this.options.modelDir, timeoutMs: this.options.timeoutMs ?? 30 * 60_000 });
    const chunks = chunksOf(recognized);
    const [left, right] = audio.channels;
    const byChannel = left && right && (await channelsDiffer([left, right], audio.durationSeconds));
    const withSpeakers = byChannel ? await assignSpeakersByChannel(left, right, chunks) : await assignSpeakersByVoice(audio.mixdown, chunks);
    const segments = mergeTurns(withSpeakers).map((s) => ({ ...s, text: applyVocabulary(s.text, hints.vocabulary) }));
    return { language: 'en', segments };
  }
}

/**
 * Whether a stereo recording carries different signals per channel (a speaker per channel), or
 * the same one twice. Compares up to 60 one-second windows spread over the recording.
 */
async function channelsDiffer([left, right]: string[], durationSeconds: number): Promise<boolean> {
  if (!left || !right) return false;
  const windows = Math.min(60, Math.max(1, Math.floor(durationSeconds)));
  let difference = 0;
  let total = 0;
  for (let i = 0; i < windows; i += 1) {
    const start = (durationSeconds * i) / windows;
    const [a, b] = await Promise.all([readPcmRange(left, start, start + 1), readPcmRange(right, start, start + 1)]);
    for (let j = 0; j < Math.min(a.length, b.length); j += 1) {
      const x = a[j] ?? 0;
      const y = b[j] ?? 0;
      difference += (x - y) ** 2;
      total += x * x + y * y;
    }
  }
  return total > 0 && difference / total > 0.05;
}
