import { analyticsAccount } from './analytics/analytics-account.js';
import { analyticsEvaluator } from './analytics/analytics-evaluator.js';
import { analyticsParticipant } from './analytics/analytics-participant.js';
import { createConfiguration } from './configurations/create-configuration.js';
import { deleteConfiguration } from './configurations/delete-configuration.js';
import { getConfiguration } from './configurations/get-configuration.js';
import { listConfigurations } from './configurations/list-configurations.js';
import { updateConfiguration } from './configurations/update-configuration.js';
import { createEvaluator } from './evaluators/create-evaluator.js';
import { deleteEvaluator } from './evaluators/delete-evaluator.js';
import { getEvaluator } from './evaluators/get-evaluator.js';
import { listEvaluators } from './evaluators/list-evaluators.js';
import { updateEvaluator } from './evaluators/update-evaluator.js';
import type { OperationName } from '../contract/operations.js';
import type { ServiceOperation } from './http/operation.js';
import { createParticipant } from './participants/create-participant.js';
import { deleteParticipant } from './participants/delete-participant.js';
import { getParticipant } from './participants/get-participant.js';
import { listParticipants } from './participants/list-participants.js';
import { updateParticipant } from './participants/update-participant.js';
import { deleteTranscription } from './transcriptions/delete-transcription.js';
import { getTranscription } from './transcriptions/get-transcription.js';
import { listTranscriptions } from './transcriptions/list-transcriptions.js';
import { submit } from './transcriptions/submit.js';
import { updateTranscriptionGroup } from './transcriptions/update-transcription-group.js';
import { requestUploadUrl } from './uploads/request-upload-url.js';

/**
 * Every operation the built-in service serves, keyed by name: a table missing one of the contract's
 * operations, or holding one under another's name, does not compile.
 */
export type ServiceOperationTable = { readonly [N in OperationName]: ServiceOperation<N> };

export const serviceOperations: ServiceOperationTable = {
  'create-configuration': createConfiguration,
  'get-configuration': getConfiguration,
  'list-configurations': listConfigurations,
  'update-configuration': updateConfiguration,
  'delete-configuration': deleteConfiguration,
  'create-evaluator': createEvaluator,
  'get-evaluator': getEvaluator,
  'list-evaluators': listEvaluators,
  'update-evaluator': updateEvaluator,
  'delete-evaluator': deleteEvaluator,
  'create-participant': createParticipant,
  'get-participant': getParticipant,
  'list-participants': listParticipants,
  'update-participant': updateParticipant,
  'delete-participant': deleteParticipant,
  submit,
  'request-upload-url': requestUploadUrl,
  'list-transcriptions': listTranscriptions,
  'get-transcription': getTranscription,
  'update-transcription-group': updateTranscriptionGroup,
  'delete-transcription': deleteTranscription,
  analytics: analyticsAccount,
  'analytics-evaluator': analyticsEvaluator,
  'analytics-participant': analyticsParticipant,
};
