import { parseFile } from 'music-metadata';
import { ProcessingError } from './processing-error.js';

export interface ProbedRecording {
  container: string;
  /** Seconds, when the container says (decoding measures it exactly later). */
  durationSeconds: number | null;
  channels: number | null;
}

/**
 * Reads format and duration from the container with music-metadata (no decoding), so an
 * over-long recording is refused before any expensive work. Bytes it cannot parse are not audio.
 */
export async function probeRecording(file: string, maxDurationSeconds: number): Promise<ProbedRecording> {
  let metadata;
  try {
    metadata = await parseFile(file, { duration: true, skipCovers: true });
  } catch (error) {
    throw new ProcessingError('undecodable_audio', 'The recording is not a readable audio or video file', true, { cause: error });
  }
  const { container, duration, numberOfChannels } = metadata.format;
  if (!container && !duration) throw new ProcessingError('undecodable_audio', 'The recording is not a readable audio or video file');
  if (duration !== undefined && duration > maxDurationSeconds) {
    throw new ProcessingError('recording_too_long', tooLongMessage(duration, maxDurationSeconds));
  }
  return { container: container ?? 'unknown', durationSeconds: duration ?? null, channels: numberOfChannels ?? null };
}

export function tooLongMessage(durationSeconds: number, maxDurationSeconds: number): string {
  return `The recording lasts ${Math.round(durationSeconds)} s, over the limit of ${maxDurationSeconds} s`;
}
