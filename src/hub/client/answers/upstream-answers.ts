/**
 * How the hub reads each operation's answer (the `data` member), in two levels (docs/hub-client.md,
 * "Reading answers"):
 * - what the API description promises is validated (a resource's fields, the dashboards' members,
 *   a COMPLETED transcription), and a broken promise is an `invalid_response` the caller reports;
 * - what it leaves open (the answers of create/update/delete-configuration, create-evaluator,
 *   get-participant and request-upload-url, the account-wide analytics, the field set of FAILED
 *   and IN_PROGRESS transcriptions) is accepted in any reasonable shape: the resource is looked
 *   for where an implementation would put it, and the rest of the answer is kept as it came.
 * Lists are read row by row: rows that break the promise come back apart in `rejected`.
 * This table is the hub's own: the built-in service's choices for what the description leaves
 * open (docs/decisions.md) are not assumed here.
 */
import { z } from 'zod';
import { Id } from '../../../contract/common.js';
import type { OperationName } from '../../../contract/operations.js';
import { UpstreamEvaluatorDashboard, UpstreamParticipantDashboard } from './upstream-dashboards.js';
import { readItems, withHidden, type RejectedItem } from './read-items.js';
import { UpstreamConfiguration, UpstreamEvaluator, UpstreamParticipant } from './upstream-resources.js';
import { UpstreamTimestamp } from './upstream-timestamp.js';
import { UpstreamTranscription } from './upstream-transcription.js';
import { UpstreamTranscriptionList } from './upstream-transcription-list.js';

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
/** An answer whose only promised member is a message (deletes): a confirmation the hub does not act on, so any object will do. */
const Acknowledgement = z.unknown().transform((data): Record<string, unknown> => (isRecord(data) ? data : {}));

/**
 * An open answer that carries one resource: found under `member` (`{configuration: {...}}`) or as
 * the answer itself (`{configuration_id: ...}`), then read with the resource's promised schema.
 * When `required`, an answer without a readable resource is a broken answer; otherwise it reads null.
 */
function carrying<K extends string, T extends z.ZodType>(
  member: K,
  resource: T,
  options: { required: true },
): z.ZodType<{ [P in K]: z.output<T> } & Record<string, unknown>>;
function carrying<K extends string, T extends z.ZodType>(
  member: K,
  resource: T,
  options: { required: false },
): z.ZodType<{ [P in K]: z.output<T> | null } & Record<string, unknown>>;
function carrying<K extends string, T extends z.ZodType>(member: K, resource: T, options: { required: boolean }) {
  return z.unknown().transform((data, ctx) => {
    const answer = isRecord(data) ? data : {};
    const inner = answer[member];
    const candidate = isRecord(inner) ? inner : answer;
    const read = resource.safeParse(candidate);
    if (read.success) return candidate === inner ? { ...answer, [member]: read.data } : { [member]: read.data };
    if (options.required) {
      const prefix = candidate === inner ? [member] : [];
      for (const issue of read.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [...prefix, ...issue.path] });
      return z.NEVER;
    }
    return { ...answer, [member]: null };
  });
}

/** A list answer as understood: its rows under `member`, and those that broke the promise in `rejected` (not enumerable). */
type Listing<K extends string, Row> = Record<string, unknown> & { [P in K]: Row[] } & { rejected: RejectedItem[] };

/** A list of resources under `member`, read row by row (`rejected` holds the rows that broke the promise). */
function listing<K extends string, T extends z.ZodType>(member: K, resource: T, idKey: string) {
  return z
    .looseObject({ [member]: z.array(z.unknown()) } as Record<K, z.ZodArray<z.ZodUnknown>>)
    .transform((answer): Listing<K, z.output<T>> => {
      const { items, rejected } = readItems(answer[member] as unknown[], resource, idKey, `data.${member}`);
      const understood: Record<string, unknown> = { ...answer, [member]: items };
      return withHidden(understood, 'rejected', rejected) as Listing<K, z.output<T>>;
    });
}

/**
 * get-participant's answer when it does not hold the full participant (its shape is open): the id
 * and, when readable, the tag, wherever they sit; the rest of the answer is kept.
 */
const ParticipantReference = z.looseObject({
  participant_id: Id,
  tag: z.string().nullable().catch(null).default(null),
});

const UploadStart = z.looseObject({
  transcription_id: Id,
  upload_url: z.string().min(1),
  expires_at: z.union([UpstreamTimestamp, z.null()]).catch(null).default(null),
});

export const upstreamAnswers = {
  'create-configuration': carrying('configuration', UpstreamConfiguration, { required: false }),
  'get-configuration': z.looseObject({ configuration: UpstreamConfiguration }),
  'list-configurations': listing('configurations', UpstreamConfiguration, 'configuration_id'),
  'update-configuration': carrying('configuration', UpstreamConfiguration, { required: false }),
  'delete-configuration': Acknowledgement,
  'create-evaluator': carrying('evaluator', UpstreamEvaluator, { required: false }),
  'get-evaluator': UpstreamEvaluator,
  'list-evaluators': listing('items', UpstreamEvaluator, 'evaluator_id'),
  'update-evaluator': carrying('evaluator', UpstreamEvaluator, { required: true }),
  'delete-evaluator': Acknowledgement,
  'create-participant': carrying('participant', UpstreamParticipant, { required: true }),
  'get-participant': carrying('participant', z.union([UpstreamParticipant, ParticipantReference]), { required: false }),
  'list-participants': listing('items', UpstreamParticipant, 'participant_id'),
  'update-participant': carrying('participant', UpstreamParticipant, { required: true }),
  'delete-participant': Acknowledgement,
  submit: z.looseObject({ transcription_id: Id }),
  'request-upload-url': carrying('upload', UploadStart, { required: false }).transform(({ upload, ...answer }) => ({
    ...answer,
    ...upload,
  })),
  'list-transcriptions': UpstreamTranscriptionList,
  'get-transcription': UpstreamTranscription,
  'update-transcription-group': carrying('transcription', UpstreamTranscription, { required: true }),
  'delete-transcription': Acknowledgement,
  /** Its shape is open: the answer's `data` object as it came. */
  analytics: z.record(z.string(), z.unknown()),
  'analytics-evaluator': UpstreamEvaluatorDashboard,
  'analytics-participant': UpstreamParticipantDashboard,
} as const satisfies Record<OperationName, z.ZodType>;

export type UpstreamAnswers = typeof upstreamAnswers;
/** The `data` of an operation's answer as the hub understood it. */
export type UpstreamAnswer<N extends OperationName> = z.output<UpstreamAnswers[N]>;
