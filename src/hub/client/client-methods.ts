import type { OperationAlias, OperationName } from '../../contract/operations.js';
import type { ConversationClient } from './conversation-client.js';

/** Every client method and the operation path it posts to (the CLI and the contract tests walk it). */
export const clientMethods = {
  createConfiguration: 'create-configuration',
  getConfiguration: 'get-configuration',
  listConfigurations: 'list-configurations',
  getConfigurations: 'get-configurations',
  updateConfiguration: 'update-configuration',
  deleteConfiguration: 'delete-configuration',
  createEvaluator: 'create-evaluator',
  getEvaluator: 'get-evaluator',
  listEvaluators: 'list-evaluators',
  updateEvaluator: 'update-evaluator',
  deleteEvaluator: 'delete-evaluator',
  createParticipant: 'create-participant',
  getParticipant: 'get-participant',
  listParticipants: 'list-participants',
  updateParticipant: 'update-participant',
  deleteParticipant: 'delete-participant',
  submit: 'submit',
  requestUploadUrl: 'request-upload-url',
  listTranscriptions: 'list-transcriptions',
  getTranscription: 'get-transcription',
  details: 'details',
  updateTranscriptionGroup: 'update-transcription-group',
  deleteTranscription: 'delete-transcription',
  analytics: 'analytics',
  analyticsEvaluator: 'analytics-evaluator',
  analyticsParticipant: 'analytics-participant',
} as const satisfies Partial<Record<keyof ConversationClient, OperationName | OperationAlias>>;

/** Compile-time check that every operation and alias has its method. */
type Uncovered = Exclude<OperationName | OperationAlias, (typeof clientMethods)[keyof typeof clientMethods]>;
export const everyOperationHasAMethod: [Uncovered] extends [never] ? true : Uncovered = true;

export type ClientMethodName = keyof typeof clientMethods;
