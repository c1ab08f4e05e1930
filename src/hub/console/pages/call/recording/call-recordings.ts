import type { Readable } from 'node:stream';

/** The answer the console passes on to the browser's <audio> element (200, 206 or 416). */
export interface RecordingAnswer {
  status: number;
  /** Content-Type, Content-Length, Content-Range, Accept-Ranges, as the source gave them. */
  headers: Record<string, string>;
  body: Readable;
}

/**
 * Where the console's player gets a call's recording (docs/console.md, "The recording"). The hub
 * never imports the built-in service: the web process gives an implementation (the built-in
 * service's recordings route, src/embedded/console-recordings.ts) only when the hub's upstream is
 * this deployment's own API; without one the call page says why there is nothing to play.
 */
export interface CallRecordings {
  /** The recording, all of it or the part a Range header asks for; AppError not_found or unavailable otherwise. */
  open(transcriptionId: string, range: string | undefined): Promise<RecordingAnswer>;
}
