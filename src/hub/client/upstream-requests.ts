/**
 * What the client checks of a request before sending it (docs/hub-client.md, "Requests"): only what
 * the API description promises of the operation's request (its ids are UUIDs, `submit`'s required
 * members, `period_date` and the dashboards' date filters in their formats, a review group), so a
 * request the description does not rule out is sent and the upstream's own 400, if any, comes back
 * typed. Members it does not name pass, and the operations whose request shape it leaves open
 * (create/update/delete-configuration, create-evaluator, get-participant, request-upload-url, the
 * account-wide analytics) take any JSON object, with only an id they name checked as a UUID
 * ("identifiers are UUID strings") and request-upload-url's `period_date` in its format. The built-in service's
 * stricter rules (docs/decisions.md: language codes, extraction field types, required tags, lengths,
 * unknown fields refused) are its own and are not applied here.
 */
import { z } from 'zod';
import { Id } from '../../contract/common.js';
import { dateString, parseCalendarDay } from '../../contract/dates.js';
import type { OperationName } from '../../contract/operations.js';
import { PeriodDate, reviewGroups } from '../../contract/transcriptions.js';

/** Any JSON object: the request of an operation whose shape the description leaves open. */
const AnyObject = z.looseObject({});
const Day = dateString(parseCalendarDay, 'expected YYYY-MM-DD');
const dateFilters = { start_date: Day.optional(), end_date: Day.optional() };
const Metadata = z.record(z.string(), z.unknown(), { error: 'expected an object' });

const CriterionInput = z.looseObject({
  id: Id.optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  type: z.string().optional(),
  weight: z.number().int().optional(),
});

const Group = z.custom<string>((value) => value === '' || (reviewGroups as readonly unknown[]).includes(value), {
  error: `expected one of ${reviewGroups.join(', ')} or an empty string`,
});

export const upstreamRequests = {
  'create-configuration': AnyObject,
  'get-configuration': z.looseObject({ configuration_id: Id }),
  'list-configurations': AnyObject,
  'update-configuration': z.looseObject({ configuration_id: Id.optional() }),
  'delete-configuration': z.looseObject({ configuration_id: Id.optional() }),
  'create-evaluator': AnyObject,
  'get-evaluator': z.looseObject({ evaluator_id: Id }),
  'list-evaluators': AnyObject,
  'update-evaluator': z.looseObject({
    evaluator_id: Id,
    description: z.string().optional(),
    language: z.string().optional(),
    context: z.string().optional(),
    criteria: z.array(CriterionInput).optional(),
  }),
  'delete-evaluator': z.looseObject({ evaluator_id: Id }),
  'create-participant': z.looseObject({ tag: z.string().optional(), metadata: Metadata.optional() }),
  'get-participant': z.looseObject({ participant_id: Id.optional() }),
  'list-participants': AnyObject,
  'update-participant': z.looseObject({ participant_id: Id, tag: z.string().optional(), metadata: Metadata.optional() }),
  'delete-participant': z.looseObject({ participant_id: Id }),
  submit: z.looseObject({
    configuration_id: Id,
    url: z.string(),
    name: z.string().optional(),
    participant_id: Id.optional(),
    evaluator_id: Id.optional(),
    period_date: PeriodDate.optional(),
  }),
  'request-upload-url': z.looseObject({ configuration_id: Id.optional(), period_date: PeriodDate.optional() }),
  'list-transcriptions': AnyObject,
  'get-transcription': z.looseObject({ transcription_id: Id }),
  'update-transcription-group': z.looseObject({ transcription_id: Id, group: Group }),
  'delete-transcription': z.looseObject({ transcription_id: Id }),
  analytics: AnyObject,
  'analytics-evaluator': z.looseObject({ evaluator_id: Id, ...dateFilters }),
  'analytics-participant': z.looseObject({ participant_id: Id, ...dateFilters }),
} as const satisfies Record<OperationName, z.ZodType>;
