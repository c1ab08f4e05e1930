/**
 * Which error codes each operation of the built-in API can answer, so its OpenAPI description
 * lists every status (through the one code→status switch, statusForCode). Every operation can
 * answer the codes of the request pipeline (src/service/http/api-operation-pipeline.ts); the rest are the
 * operation's own.
 */
import type { ErrorCode } from '../../contract/errors.js';
import type { OperationName } from '../../contract/operations.js';

/** authenticate → rate limit (or its Redis unreachable) → parse JSON → validate → unexpected. */
export const pipelineErrorCodes: readonly ErrorCode[] = [
  'forbidden',
  'rate_limited',
  'unavailable',
  'invalid_json',
  'payload_too_large',
  'invalid_value',
  'internal',
];

const byId: readonly ErrorCode[] = ['missing_field', 'not_found'];
const submission: readonly ErrorCode[] = ['missing_field', 'not_found', 'unsupported_format', 'queue_full'];
const dashboard: readonly ErrorCode[] = ['quota_exceeded'];

export const operationErrorCodes: { readonly [N in OperationName]: readonly ErrorCode[] } = {
  'create-configuration': ['missing_field', 'limit_exceeded'],
  'get-configuration': byId,
  'list-configurations': [],
  'update-configuration': [...byId, 'limit_exceeded'],
  'delete-configuration': byId,
  'create-evaluator': ['missing_field', 'limit_exceeded'],
  'get-evaluator': byId,
  'list-evaluators': [],
  'update-evaluator': [...byId, 'limit_exceeded'],
  'delete-evaluator': byId,
  'create-participant': ['missing_field', 'limit_exceeded'],
  'get-participant': byId,
  'list-participants': [],
  'update-participant': [...byId, 'limit_exceeded'],
  'delete-participant': byId,
  submit: submission,
  'request-upload-url': submission,
  'list-transcriptions': [],
  'get-transcription': byId,
  'update-transcription-group': byId,
  'delete-transcription': byId,
  analytics: dashboard,
  'analytics-evaluator': [...dashboard, ...byId],
  'analytics-participant': [...dashboard, ...byId],
};
