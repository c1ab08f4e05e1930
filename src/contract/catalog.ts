/**
 * Every operation's request and response (the `data` member) schemas, in one table. The built-in
 * service's handlers are typed from it (defineOperation), and the hub's client parses with it, so
 * a change to the contract shows in both.
 */
import type { z } from 'zod';
import {
  AccountAnalyticsRequest,
  AccountDashboard,
  EvaluatorAnalyticsRequest,
  EvaluatorDashboard,
  ParticipantAnalyticsRequest,
  ParticipantDashboard,
} from './analytics.js';
import { EmptyRequest, MessageOnly } from './common.js';
import {
  ConfigurationIdRequest,
  ConfigurationWithMessage,
  CreateConfigurationRequest,
  GetConfigurationResponse,
  ListConfigurationsResponse,
  UpdateConfigurationRequest,
} from './configurations.js';
import {
  CreateEvaluatorRequest,
  Evaluator,
  EvaluatorIdRequest,
  EvaluatorWithMessage,
  ListEvaluatorsResponse,
  UpdateEvaluatorRequest,
} from './evaluators.js';
import type { OperationName } from './operations.js';
import {
  CreateParticipantRequest,
  GetParticipantResponse,
  ListParticipantsResponse,
  ParticipantIdRequest,
  ParticipantWithMessage,
  UpdateParticipantRequest,
} from './participants.js';
import {
  ListTranscriptionsResponse,
  RequestUploadUrlRequest,
  RequestUploadUrlResponse,
  SubmitRequest,
  SubmitResponse,
  Transcription,
  TranscriptionIdRequest,
  TranscriptionWithMessage,
  UpdateTranscriptionGroupRequest,
} from './transcriptions.js';

export interface OperationContract {
  request: z.ZodType;
  response: z.ZodType;
}

export const operationContracts = {
  'create-configuration': { request: CreateConfigurationRequest, response: ConfigurationWithMessage },
  'get-configuration': { request: ConfigurationIdRequest, response: GetConfigurationResponse },
  'list-configurations': { request: EmptyRequest, response: ListConfigurationsResponse },
  'update-configuration': { request: UpdateConfigurationRequest, response: ConfigurationWithMessage },
  'delete-configuration': { request: ConfigurationIdRequest, response: MessageOnly },
  'create-evaluator': { request: CreateEvaluatorRequest, response: EvaluatorWithMessage },
  'get-evaluator': { request: EvaluatorIdRequest, response: Evaluator },
  'list-evaluators': { request: EmptyRequest, response: ListEvaluatorsResponse },
  'update-evaluator': { request: UpdateEvaluatorRequest, response: EvaluatorWithMessage },
  'delete-evaluator': { request: EvaluatorIdRequest, response: MessageOnly },
  'create-participant': { request: CreateParticipantRequest, response: ParticipantWithMessage },
  'get-participant': { request: ParticipantIdRequest, response: GetParticipantResponse },
  'list-participants': { request: EmptyRequest, response: ListParticipantsResponse },
  'update-participant': { request: UpdateParticipantRequest, response: ParticipantWithMessage },
  'delete-participant': { request: ParticipantIdRequest, response: MessageOnly },
  submit: { request: SubmitRequest, response: SubmitResponse },
  'request-upload-url': { request: RequestUploadUrlRequest, response: RequestUploadUrlResponse },
  'list-transcriptions': { request: EmptyRequest, response: ListTranscriptionsResponse },
  'get-transcription': { request: TranscriptionIdRequest, response: Transcription },
  'update-transcription-group': { request: UpdateTranscriptionGroupRequest, response: TranscriptionWithMessage },
  'delete-transcription': { request: TranscriptionIdRequest, response: MessageOnly },
  analytics: { request: AccountAnalyticsRequest, response: AccountDashboard },
  'analytics-evaluator': { request: EvaluatorAnalyticsRequest, response: EvaluatorDashboard },
  'analytics-participant': { request: ParticipantAnalyticsRequest, response: ParticipantDashboard },
} as const satisfies Record<OperationName, OperationContract>;

export type OperationContracts = typeof operationContracts;
/** What a caller sends (before defaults and trimming). */
export type OperationRequest<N extends OperationName> = z.input<OperationContracts[N]['request']>;
/** What the service's handler receives (after validation). */
export type ValidatedRequest<N extends OperationName> = z.output<OperationContracts[N]['request']>;
/** The `data` member of the answer. */
export type OperationResponse<N extends OperationName> = z.output<OperationContracts[N]['response']>;
