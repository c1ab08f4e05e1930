/**
 * A transcription as the hub reads it from any deployment of the API (docs/hub-client.md,
 * "Reading answers"). The description promises the full form of a COMPLETED transcription, and
 * that is validated: a broken promise is an error the caller reports. It leaves the field set of
 * FAILED and IN_PROGRESS transcriptions open, never defines an error member, and gives no shape
 * for the summary, so for those the hub keeps every member it can read (null otherwise), finds
 * the failure wherever an implementation is likely to put it, and keeps the raw answer.
 */
import { z } from 'zod';
import { Id } from '../../../contract/common.js';
import { Conversation, ExtractedFields, reviewGroups, transcriptionStatuses } from '../../../contract/transcriptions.js';
import { withHidden } from './read-items.js';
import { UpstreamEvaluation } from './upstream-evaluation.js';
import { UpstreamTimestamp } from './upstream-timestamp.js';

/** A member that is null when absent (the description: "optional values that are absent are returned as null"). */
const orNull = <T extends z.ZodType>(schema: T) => schema.nullable().default(null);
/** A member of an open shape: kept when readable, null otherwise. */
const ifReadable = <T extends z.ZodType>(schema: T) => schema.nullable().catch(null).default(null);

/** Why a transcription failed, as far as the upstream said (any of the members may be missing). */
export interface UpstreamFailure {
  code: string | null;
  message: string | null;
}

const textOf = (value: unknown): string | null => {
  if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 2000);
  if (typeof value === 'number') return String(value);
  return null;
};

/** The first readable text among `keys` of `value`. */
const firstText = (value: Record<string, unknown>, keys: readonly string[]) => {
  for (const key of keys) {
    const found = textOf(value[key]);
    if (found) return found;
  }
  return null;
};

const codeKeys = ['code', 'error_code', 'type', 'kind', 'reason_code'] as const;
const messageKeys = ['message', 'error_message', 'description', 'detail', 'reason', 'error_description'] as const;

/** A failure member in any of the shapes seen: a string, or an object with a code and/or a message. */
function readFailureValue(value: unknown): UpstreamFailure | null {
  if (typeof value === 'string') return textOf(value) ? { code: null, message: textOf(value) } : null;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const failure = { code: firstText(record, codeKeys), message: firstText(record, messageKeys) };
  return failure.code || failure.message ? failure : null;
}

/**
 * Where a FAILED transcription's reason may be: `details.error` (the built-in service's place),
 * `error`, `failure`, `failure_reason`, `error_message`, `status_message`, in details or at the top.
 */
export function findFailure(raw: unknown): UpstreamFailure | null {
  if (raw === null || typeof raw !== 'object') return null;
  const top = raw as Record<string, unknown>;
  const details = top.details !== null && typeof top.details === 'object' ? (top.details as Record<string, unknown>) : {};
  for (const holder of [details, top]) {
    for (const key of ['error', 'failure', 'failure_reason', 'error_message', 'status_message', 'error_code']) {
      const failure = readFailureValue(holder[key]);
      if (failure) return key === 'error_code' ? { code: failure.message, message: null } : failure;
    }
  }
  return null;
}

/** What every answer must hold for the hub to know which transcription it is and where it stands. */
const Identity = z.looseObject({ transcription_id: Id, status: z.enum(transcriptionStatuses) });

/** The full form of a COMPLETED transcription: every member the description promises. */
const CompletedTranscription = z.looseObject({
  transcription_id: Id,
  status: z.literal('COMPLETED'),
  configuration_id: Id,
  configuration_tag: z.string(),
  name: orNull(z.string()),
  group: orNull(z.enum(reviewGroups)),
  duration: z.number(),
  participant_id: orNull(Id),
  participant_tag: orNull(z.string()),
  evaluator_id: orNull(Id),
  evaluator_tag: orNull(z.string()),
  details: z.looseObject({
    language: orNull(z.string()),
    num_speakers: orNull(z.number().int()),
    created_at: UpstreamTimestamp,
    completed_at: orNull(UpstreamTimestamp),
    conversation: orNull(Conversation),
    summary: z.unknown().default(null),
    fields: orNull(ExtractedFields),
    evaluation: orNull(UpstreamEvaluation),
  }),
});

/** The details of an unfinished transcription whose `details` is absent or no object: every member null. */
const unreadableDetails = {
  language: null,
  num_speakers: null,
  created_at: null,
  completed_at: null,
  conversation: null,
  summary: null,
  fields: null,
  evaluation: null,
};

/** FAILED and IN_PROGRESS: the description shows no field set, so every member is read if it can be. */
const UnfinishedTranscription = z.looseObject({
  transcription_id: Id,
  status: z.enum(['FAILED', 'IN_PROGRESS']),
  configuration_id: ifReadable(Id),
  configuration_tag: ifReadable(z.string()),
  name: ifReadable(z.string()),
  group: ifReadable(z.enum(reviewGroups)),
  duration: ifReadable(z.number().nonnegative()),
  participant_id: ifReadable(Id),
  participant_tag: ifReadable(z.string()),
  evaluator_id: ifReadable(Id),
  evaluator_tag: ifReadable(z.string()),
  details: z
    .looseObject({
      language: ifReadable(z.string()),
      num_speakers: ifReadable(z.number().int()),
      created_at: ifReadable(UpstreamTimestamp),
      completed_at: ifReadable(UpstreamTimestamp),
      conversation: ifReadable(Conversation),
      summary: z.unknown().default(null),
      fields: ifReadable(ExtractedFields),
      evaluation: ifReadable(UpstreamEvaluation),
    })
    .catch(unreadableDetails)
    .default(unreadableDetails),
});

type Completed = z.output<typeof CompletedTranscription>;
type Unfinished = z.output<typeof UnfinishedTranscription>;

/** A transcription as the hub understood it: promised members typed, open ones read where possible. */
export interface UpstreamTranscription {
  transcription_id: string;
  status: Completed['status'] | Unfinished['status'];
  configuration_id: string | null;
  configuration_tag: string | null;
  name: string | null;
  group: Completed['group'];
  duration: number | null;
  participant_id: string | null;
  participant_tag: string | null;
  evaluator_id: string | null;
  evaluator_tag: string | null;
  details: {
    language: string | null;
    num_speakers: number | null;
    created_at: string | null;
    completed_at: string | null;
    conversation: Completed['details']['conversation'];
    /** The summary as it came: its shape is open (a string, `{text, ...}`, ...); see summaryText. */
    summary: unknown;
    fields: Completed['details']['fields'];
    evaluation: Completed['details']['evaluation'];
    /** FAILED only: the reason, wherever the upstream put it; null when it gave none. */
    error: UpstreamFailure | null;
    [member: string]: unknown;
  };
  /** The answer exactly as it came, kept beside what was understood (not enumerable); absent for one built by hand. */
  raw?: unknown;
  [member: string]: unknown;
}

/**
 * Reads a get-transcription (or update-transcription-group) answer: first the identity, then the
 * members its status promises. Throws a ZodError (paths from the transcription) on a broken promise.
 */
export const UpstreamTranscription = z.unknown().transform((raw, ctx): UpstreamTranscription => {
  const identity = Identity.safeParse(raw);
  if (!identity.success) {
    for (const issue of identity.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  }
  const schema = identity.data.status === 'COMPLETED' ? CompletedTranscription : UnfinishedTranscription;
  const read = schema.safeParse(raw);
  if (!read.success) {
    for (const issue of read.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  }
  const t = read.data;
  const understood = {
    ...t,
    details: { ...t.details, error: t.status === 'FAILED' ? (findFailure(raw) ?? { code: null, message: null }) : null },
  };
  return withHidden(understood, 'raw', raw);
});

/** The summary's text, whatever its shape: a string, or an object with `text` (or `summary`, `content`). */
export function summaryText(summary: unknown): string | null {
  if (typeof summary === 'string') return summary.trim() || null;
  if (summary === null || typeof summary !== 'object') return null;
  const record = summary as Record<string, unknown>;
  for (const key of ['text', 'summary', 'content', 'value']) {
    if (typeof record[key] === 'string' && record[key].trim()) return record[key].trim();
  }
  return null;
}
