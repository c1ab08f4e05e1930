import type { UpstreamTranscription } from '../client/index.js';
import { withHidden } from '../client/answers/read-items.js';
import type { HubRedactionSettings } from './hub-redaction-settings.js';
import { callMasker, withMaskedFields, withMaskedTurns } from './call-masker.js';

type Details = UpstreamTranscription['details'];
type Evaluation = NonNullable<Details['evaluation']>;
type Breakdown = NonNullable<Evaluation['breakdown']>;

/** The breakdown's free text: the summary feedback and each criterion's reasoning, quote and feedback. */
const maskBreakdown = (breakdown: Breakdown, mask: (text: string) => string): Breakdown => ({
  ...breakdown,
  summary_feedback: mask(breakdown.summary_feedback),
  results: breakdown.results.map((r) => ({
    ...r,
    reasoning: mask(r.reasoning),
    quote: mask(r.quote),
    feedback: r.feedback === null ? null : mask(r.feedback),
  })),
});

/** An evaluation's breakdown masked; one not scored yet may have none. */
const maskEvaluation = (evaluation: Evaluation, mask: (text: string) => string): Evaluation =>
  evaluation.score === null
    ? { ...evaluation, breakdown: evaluation.breakdown && maskBreakdown(evaluation.breakdown, mask) }
    : { ...evaluation, breakdown: maskBreakdown(evaluation.breakdown, mask) };

/**
 * A transcription as the hub may keep and send it (docs/redaction.md, "The hub"): the name, every
 * segment, the summary, the extraction fields, each criterion's reasoning, quote and feedback,
 * the summary feedback, a FAILED call's error message, and the raw answer kept beside it, with the
 * hub's policies masked. The segments are read as one conversation (docs/redaction.md,
 * "Conversations"), and what is written about them repeats none of the numbers masked in them.
 * Every path that writes the mirror goes through writeMirror, which masks first, so Slack alerts,
 * exports and the console (all read from the mirror) only ever see the masked copy.
 */
export function maskTranscription(t: UpstreamTranscription, settings: HubRedactionSettings): UpstreamTranscription {
  if (settings.policies.length === 0) return t;
  const { conversation, fields, evaluation } = t.details;
  const masker = callMasker(conversation?.segments.map((s) => s.text) ?? [], settings);
  const mask = masker.text;
  const details: Details = {
    ...t.details,
    error: t.details.error && { ...t.details.error, message: t.details.error.message === null ? null : mask(t.details.error.message) },
    conversation: conversation && withMaskedTurns(conversation, masker),
    summary: masker.json(t.details.summary),
    fields: fields && withMaskedFields(fields, masker),
    evaluation: evaluation && maskEvaluation(evaluation, mask),
  };
  const masked = { ...t, name: t.name === null ? null : mask(t.name), details };
  return t.raw === undefined ? masked : withHidden(masked, 'raw', masker.json(t.raw));
}
