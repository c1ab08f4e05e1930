/**
 * A transcription's evaluation as the hub reads it (docs/hub-client.md, "Reading answers"). The
 * description promises a score, a critical-fail flag, a status and a breakdown, and also says a
 * COMPLETED transcription may have no score yet ("only COMPLETED transcriptions that have a
 * non-null evaluation score enter analytics reports"; the evaluation's status is an open set). So:
 * - a scored evaluation (`score` a number) must hold every promised member, with
 *   `breakdown.generated_at` read in any ISO 8601 form with an offset (upstream-timestamp.ts);
 * - an evaluation without a score is not scored yet: it reads with `score` and `critical_fail`
 *   null (no verdict yet), its status and breakdown kept when readable, null otherwise.
 */
import { z } from 'zod';
import { Evaluation } from '../../../contract/transcriptions.js';
import { UpstreamTimestamp } from './upstream-timestamp.js';

const UpstreamBreakdown = Evaluation.shape.breakdown.extend({ generated_at: UpstreamTimestamp });

const ScoredEvaluation = Evaluation.extend({ breakdown: UpstreamBreakdown });

const UnscoredEvaluation = z
  .looseObject({
    status: z.string().nullable().catch(null).default(null),
    breakdown: UpstreamBreakdown.nullable().catch(null).default(null),
  })
  .transform((evaluation) => ({ ...evaluation, score: null, critical_fail: null }));

type Scored = z.output<typeof ScoredEvaluation>;
type Unscored = z.output<typeof UnscoredEvaluation>;
export type UpstreamEvaluation = Scored | Unscored;

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Reads a scored evaluation strictly, and one whose score is null or absent as not scored yet. */
export const UpstreamEvaluation = z.unknown().transform((value, ctx): UpstreamEvaluation => {
  const unscored = isRecord(value) && (value.score === null || value.score === undefined);
  const read = unscored ? UnscoredEvaluation.safeParse(value) : ScoredEvaluation.safeParse(value);
  if (!read.success) {
    for (const issue of read.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  }
  return read.data;
});
