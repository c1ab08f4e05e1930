/**
 * A transcription's evaluation as the hub reads it (docs/hub-client.md, "Reading answers"): the
 * members the description promises, with `breakdown.generated_at` read in any ISO 8601 form with
 * an offset (upstream-timestamp.ts).
 */
import { Evaluation } from '../../../contract/transcriptions.js';
import { UpstreamTimestamp } from './upstream-timestamp.js';

const UpstreamBreakdown = Evaluation.shape.breakdown.extend({ generated_at: UpstreamTimestamp });

export const UpstreamEvaluation = Evaluation.extend({ breakdown: UpstreamBreakdown });
