/**
 * The Conversation API client: usable on its own (`createConversationClient`) and the only way the
 * hub talks to the API, whether the vendor's deployment or the built-in one.
 */
export {
  ConversationClient,
  canonicalOperation,
  createConversationClient,
  defaultClientSettings,
  type CallOptions,
  type ClientRequest,
  type ClientResponse,
  type ConversationClientOptions,
} from './conversation-client.js';
export type { AnswerIssue, RejectedItem } from './answers/read-items.js';
export { findFailure, summaryText, type UpstreamFailure, type UpstreamTranscription } from './answers/upstream-transcription.js';
export type { UpstreamListRow, UpstreamTranscriptionList } from './answers/upstream-transcription-list.js';
export type { UpstreamAnswer } from './answers/upstream-answers.js';
export { clientMethods, type ClientMethodName } from './client-methods.js';
export { UpstreamError, isUpstreamError, type UpstreamErrorKind } from './upstream-error.js';
export { MemoryPacer, RedisPacer, pacingKey, pacingRule, type Pacer } from './pacing.js';
export { operationAliases, operationNames, operationTraits, type OperationAlias, type OperationName } from '../../contract/operations.js';
export type { OperationRequest, OperationResponse } from '../../contract/catalog.js';
