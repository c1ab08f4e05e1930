import type { Readable } from 'node:stream';

/**
 * Where recordings wait between arrival (download or upload) and processing. The folder
 * implementation is the default; an object store implements the same four calls (and
 * `withLocalFile` downloads to a temporary file, since the decoder reads files).
 */
export interface RecordingStorage {
  /** Streams `body` to `key`, failing with RecordingTooLargeError past `maxBytes` (nothing kept). */
  write(key: string, body: Readable, options: { maxBytes: number; signal?: AbortSignal }): Promise<{ bytes: number }>;
  /** Runs `work` with a local path to the recording. */
  withLocalFile<T>(key: string, work: (path: string) => Promise<T>): Promise<T>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

export class RecordingTooLargeError extends Error {
  override name = 'RecordingTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`The recording exceeds ${Math.round(maxBytes / 1_048_576)} MB`);
  }
}

/** `<account>/<transcription>.<ext>`: one recording per transcription. */
export function recordingKey(accountId: string, transcriptionId: string, extension: string): string {
  return `${accountId}/${transcriptionId}.${extension}`;
}
