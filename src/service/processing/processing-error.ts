/** The failure codes of a FAILED transcription (docs/decisions.md). */
export type FailureCode =
  | 'download_failed'
  | 'download_timeout'
  | 'recording_too_large'
  | 'recording_too_long'
  | 'undecodable_audio'
  | 'processing_failed';

/**
 * A processing failure with its code. `permanent` failures end the transcription at once;
 * the others (an engine or database hiccup) are retried before the transcription FAILs.
 */
export class ProcessingError extends Error {
  override name = 'ProcessingError';
  constructor(
    readonly code: FailureCode,
    message: string,
    readonly permanent: boolean = true,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
