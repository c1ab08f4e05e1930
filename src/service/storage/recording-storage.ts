import type { Readable } from 'node:stream';

/** Inclusive byte offsets of a part of a recording (HTTP's Range semantics). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where each recording is kept from its arrival (download or upload) for as long as its
 * transcription (docs/console.md, "The recording"). The folder implementation is the default; an
 * object store implements the same calls (`withLocalFile` downloading to a temporary file, since
 * the decoder reads files; `openRead` as a ranged GET).
 */
export interface RecordingStorage {
  /** Streams `body` to `key`, failing with RecordingTooLargeError past `maxBytes` (nothing kept). */
  write(key: string, body: Readable, options: { maxBytes: number; signal?: AbortSignal }): Promise<{ bytes: number }>;
  /** Runs `work` with a local path to the recording. */
  withLocalFile<T>(key: string, work: (path: string) => Promise<T>): Promise<T>;
  /** The recording's size, or null when nothing is stored under `key`. */
  stat(key: string): Promise<{ bytes: number } | null>;
  /** The recording's bytes, all or `range` of them (within the size `stat` gave). */
  openRead(key: string, range?: ByteRange): Readable;
  exists(key: string): Promise<boolean>;
  /** Removes the recording; nothing stored under `key` is not an error. */
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
