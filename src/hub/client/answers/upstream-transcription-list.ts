/**
 * list-transcriptions as the hub reads it (docs/hub-client.md, "Reading answers"): row by row.
 * A row must name its transcription and status and, when COMPLETED, hold what the list form
 * promises; a FAILED or IN_PROGRESS row may lack its duration or its qa members (the description
 * leaves their shape open). Rows that break the promise are returned apart, with their reasons.
 */
import { z } from 'zod';
import { Id } from '../../../contract/common.js';
import { reviewGroups, transcriptionStatuses } from '../../../contract/transcriptions.js';
import { readItems, withHidden, type RejectedItem } from './read-items.js';
import { UpstreamTimestamp } from './upstream-timestamp.js';

const orNull = <T extends z.ZodType>(schema: T) => schema.nullable().default(null);
const ifReadable = <T extends z.ZodType>(schema: T) => schema.nullable().catch(null).default(null);

const Qa = z.looseObject({
  score: ifReadable(z.number()),
  critical_fail: ifReadable(z.boolean()),
  status: ifReadable(z.string()),
  participant_id: ifReadable(Id),
  evaluator_id: ifReadable(Id),
  participant_tag: ifReadable(z.string()),
  evaluator_tag: ifReadable(z.string()),
});
const emptyQa = {
  score: null,
  critical_fail: null,
  status: null,
  participant_id: null,
  evaluator_id: null,
  participant_tag: null,
  evaluator_tag: null,
};

export const UpstreamListRow = z
  .looseObject({
    transcription_id: Id,
    status: z.enum(transcriptionStatuses),
    configuration_id: ifReadable(Id),
    configuration_tag: ifReadable(z.string()),
    duration: orNull(z.number()),
    group: orNull(z.enum(reviewGroups)),
    name: ifReadable(z.string()),
    created_at: UpstreamTimestamp,
    qa: Qa.catch(emptyQa).default(emptyQa),
  })
  .superRefine((row, ctx) => {
    if (row.status === 'COMPLETED' && row.duration === null) {
      ctx.addIssue({ code: 'custom', path: ['duration'], message: 'a COMPLETED transcription must have a duration (number)' });
    }
  });
export type UpstreamListRow = z.output<typeof UpstreamListRow>;

export interface UpstreamTranscriptionList {
  total_transcriptions: number | null;
  query_limit_reached: boolean;
  statistics: Record<string, unknown> | null;
  transcriptions: UpstreamListRow[];
  /** Rows the hub could not read, kept with their reasons (not enumerable; reconciliation quarantines them). */
  rejected: RejectedItem[];
  [member: string]: unknown;
}

export const UpstreamTranscriptionList = z
  .looseObject({
    total_transcriptions: ifReadable(z.number().int()),
    query_limit_reached: z.boolean().catch(false).default(false),
    statistics: ifReadable(z.record(z.string(), z.unknown())),
    transcriptions: z.array(z.unknown()),
  })
  .transform((answer): UpstreamTranscriptionList => {
    const { items, rejected } = readItems(answer.transcriptions, UpstreamListRow, 'transcription_id', 'data.transcriptions');
    return withHidden({ ...answer, transcriptions: items }, 'rejected', rejected);
  });
