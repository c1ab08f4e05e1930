/**
 * Contract schemas the OpenAPI description names (components.schemas) instead of repeating
 * inline. Registered with the document only, never in zod's global registry, so the admin
 * OpenAPI and every other z.toJSONSchema use stay as they were.
 */
import * as analytics from '../../contract/analytics.js';
import * as configurations from '../../contract/configurations.js';
import { ErrorBody } from '../../contract/errors.js';
import * as evaluators from '../../contract/evaluators.js';
import * as participants from '../../contract/participants.js';
import * as transcriptions from '../../contract/transcriptions.js';

export const namedSchemas = {
  Error: ErrorBody,
  Configuration: configurations.Configuration,
  ExtractionField: configurations.ExtractionField,
  Webhooks: configurations.Webhooks,
  ExtractionFieldInput: configurations.ExtractionFieldInput,
  WebhooksInput: configurations.WebhooksInput,
  Evaluator: evaluators.Evaluator,
  Criterion: evaluators.Criterion,
  CriterionInput: evaluators.CriterionInput,
  Participant: participants.Participant,
  Transcription: transcriptions.Transcription,
  TranscriptionListItem: transcriptions.TranscriptionListItem,
  AccountDashboard: analytics.AccountDashboard,
  EvaluatorDashboard: analytics.EvaluatorDashboard,
  ParticipantDashboard: analytics.ParticipantDashboard,
};
