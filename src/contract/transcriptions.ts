import { z } from 'zod';
import { requestObject } from './request-object.js';
import { Id, Timestamp, nullable } from './common.js';
import { dateString, parseDateTime } from './dates.js';
import { criterionTypes } from './evaluators.js';

export const transcriptionStatuses = ['IN_PROGRESS', 'COMPLETED', 'FAILED'] as const;
export type TranscriptionStatus = (typeof transcriptionStatuses)[number];
export const reviewGroups = ['PENDING_REVIEW', 'UNDER_REVIEW', 'ARCHIVED'] as const;
export type ReviewGroup = (typeof reviewGroups)[number];
export const supportedAudioExtensions = ['aac', 'aiff', 'amr', 'asf', 'flac', 'mp3', 'ogg', 'wav', 'webm', 'm4a', 'mp4'] as const;
/** list-transcriptions and analytics read at most this many transcriptions. */
export const transcriptionReadCap = 20_000;

export const Segment = z.looseObject({ text: z.string(), speaker: z.string() });
export const Conversation = z.looseObject({ segments: z.array(Segment) });
export const Summary = z.looseObject({ text: z.string(), language: z.string() });
export const FieldValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const ExtractedFields = z.looseObject({
  fields: z.array(z.looseObject({ name: z.string(), value: FieldValue.default(null) })),
});
export const FailureInfo = z.looseObject({ code: z.string(), message: z.string() });

export const CriterionResult = z.looseObject({
  criteria_id: Id,
  name: z.string(),
  type: z.enum(criterionTypes),
  max_weight: z.number(),
  score_raw_ai: z.number(),
  score_obtained: z.number(),
  status: z.enum(['PASS', 'FAIL']),
  reasoning: z.string(),
  quote: z.string(),
  feedback: nullable(z.string()),
});
export type CriterionResult = z.output<typeof CriterionResult>;

export const Evaluation = z.looseObject({
  score: z.number(),
  critical_fail: z.boolean(),
  status: z.string(),
  breakdown: z.looseObject({
    evaluator_id: Id,
    evaluator_tag: z.string(),
    generated_at: Timestamp,
    language_used: z.string(),
    final_score: z.number(),
    critical_fail_triggered: z.boolean(),
    summary_feedback: z.string(),
    results: z.array(CriterionResult),
  }),
});
export type Evaluation = z.output<typeof Evaluation>;

/** The full form (get-transcription, update-transcription-group). */
export const Transcription = z.looseObject({
  transcription_id: Id,
  status: z.enum(transcriptionStatuses),
  configuration_id: Id,
  configuration_tag: z.string(),
  name: nullable(z.string()),
  group: nullable(z.enum(reviewGroups)),
  duration: z.number(),
  participant_id: nullable(Id),
  participant_tag: nullable(z.string()),
  evaluator_id: nullable(Id),
  evaluator_tag: nullable(z.string()),
  details: z.looseObject({
    /** Null until processing detects it. */
    language: nullable(z.string()),
    num_speakers: nullable(z.number().int()),
    created_at: Timestamp,
    completed_at: nullable(Timestamp),
    conversation: nullable(Conversation),
    summary: nullable(Summary),
    fields: nullable(ExtractedFields),
    evaluation: nullable(Evaluation),
    /** FAILED only (docs/decisions.md); null otherwise. */
    error: nullable(FailureInfo),
  }),
});
export type Transcription = z.output<typeof Transcription>;

/** The list form (list-transcriptions). `qa` members are null when there is no evaluation. */
export const TranscriptionListItem = z.looseObject({
  transcription_id: Id,
  status: z.enum(transcriptionStatuses),
  configuration_id: Id,
  configuration_tag: z.string(),
  duration: z.number(),
  group: nullable(z.enum(reviewGroups)),
  name: nullable(z.string()),
  created_at: Timestamp,
  qa: z.looseObject({
    score: nullable(z.number()),
    critical_fail: nullable(z.boolean()),
    status: nullable(z.string()),
    participant_id: nullable(Id),
    evaluator_id: nullable(Id),
    participant_tag: nullable(z.string()),
    evaluator_tag: nullable(z.string()),
  }),
});
export type TranscriptionListItem = z.output<typeof TranscriptionListItem>;

// ── requests ──

/** Parses a period_date (see parseDateTime) into an instant; null when malformed or unsupported. A date alone is 00:00 UTC. */
export function parsePeriodDate(value: string): Date | null {
  const parsed = parseDateTime(value);
  return parsed.ok ? parsed.value : null;
}

export const PeriodDate = dateString(parseDateTime, 'expected YYYY-MM-DD or an ISO 8601 datetime');

const submissionFields = {
  name: z.string().max(200, { error: 'must be at most 200 characters' }).optional(),
  participant_id: Id.optional(),
  evaluator_id: Id.optional(),
  period_date: PeriodDate.optional(),
};

export const SubmitRequest = requestObject({
  configuration_id: Id,
  url: z.string().max(4096, { error: 'must be at most 4096 characters' }),
  ...submissionFields,
});
export type SubmitRequest = z.input<typeof SubmitRequest>;

export const RequestUploadUrlRequest = requestObject({
  configuration_id: Id,
  filename: z.string().min(1, { error: 'must not be empty' }).max(255, { error: 'must be at most 255 characters' }),
  ...submissionFields,
});
export type RequestUploadUrlRequest = z.input<typeof RequestUploadUrlRequest>;

export const TranscriptionIdRequest = requestObject({ transcription_id: Id });
export type TranscriptionIdRequest = z.input<typeof TranscriptionIdRequest>;

/** group: one of the three names, or "" to clear (anything else: "Invalid group value"). */
export const UpdateTranscriptionGroupRequest = requestObject({
  transcription_id: Id,
  group: z
    .custom<ReviewGroup | ''>((value) => value === '' || (reviewGroups as readonly unknown[]).includes(value), {
      error: 'Invalid group value',
      params: { code: 'invalid_value', verbatim: true },
    })
    .meta({ override: { type: 'string', enum: [...reviewGroups, ''] } }),
});
export type UpdateTranscriptionGroupRequest = z.input<typeof UpdateTranscriptionGroupRequest>;

// ── responses (the `data` member) ──

export const SubmitResponse = z.looseObject({ message: z.string(), transcription_id: Id });
export const RequestUploadUrlResponse = z.looseObject({
  message: z.string(),
  transcription_id: Id,
  upload_url: z.string(),
  expires_at: Timestamp,
});
export const ListTranscriptionsResponse = z.looseObject({
  total_transcriptions: z.number().int(),
  query_limit_reached: z.boolean(),
  statistics: z.looseObject({
    completed: z.number().int(),
    failed: z.number().int(),
    in_progress: z.number().int(),
  }),
  transcriptions: z.array(TranscriptionListItem),
});
export const TranscriptionWithMessage = z.looseObject({ message: z.string(), transcription: Transcription });
