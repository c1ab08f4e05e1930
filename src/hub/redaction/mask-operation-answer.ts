import { canonicalOperation, type OperationAlias, type OperationName, type UpstreamTranscription } from '../client/index.js';
import type { HubRedactionSettings } from './hub-redaction-settings.js';
import { maskJson } from './mask-text.js';
import { maskTranscription } from './mask-transcription.js';

/**
 * An operation's answer as the hub may pass it on (the admin API's and the CLI's `api`): the
 * answers that carry a transcription's text are masked as the mirror is (docs/redaction.md,
 * "The hub"); the others hold none and are passed on as they came.
 */
export function maskOperationAnswer(operation: OperationName | OperationAlias, data: unknown, settings: HubRedactionSettings): unknown {
  if (settings.policies.length === 0) return data;
  switch (canonicalOperation(operation)) {
    case 'get-transcription':
      return maskTranscription(data as UpstreamTranscription, settings);
    case 'update-transcription-group': {
      const { transcription, ...rest } = data as { transcription: UpstreamTranscription } & Record<string, unknown>;
      return { ...(maskJson(rest, settings) as object), transcription: maskTranscription(transcription, settings) };
    }
    case 'list-transcriptions':
      return maskJson(data, settings);
    default:
      return data;
  }
}
