import type { UpstreamTranscription } from '../client/index.js';
import { withHidden } from '../client/answers/read-items.js';
import type { HubRedactionSettings } from './hub-redaction-settings.js';
import { maskJson, maskNamedValue, maskText } from './mask-text.js';

type Details = UpstreamTranscription['details'];

/**
 * A transcription as the hub may keep and send it (docs/redaction.md, "The hub"): the name, every
 * segment, the summary, the extraction fields, each criterion's reasoning, quote and feedback,
 * the summary feedback, and the raw answer kept beside it, with the hub's policies masked. Every
 * path that writes the mirror goes through writeMirror, which masks first, so Slack alerts,
 * exports and the console (all read from the mirror) only ever see the masked copy.
 */
export function maskTranscription(t: UpstreamTranscription, settings: HubRedactionSettings): UpstreamTranscription {
  if (settings.policies.length === 0) return t;
  const mask = (text: string) => maskText(text, settings);
  const { conversation, fields, evaluation } = t.details;
  const details: Details = {
    ...t.details,
    conversation: conversation && { ...conversation, segments: conversation.segments.map((s) => ({ ...s, text: mask(s.text) })) },
    summary: maskJson(t.details.summary, settings),
    fields: fields && { ...fields, fields: fields.fields.map((f) => ({ ...f, value: maskNamedValue(f.name, f.value, settings) })) },
    evaluation: evaluation && {
      ...evaluation,
      breakdown: {
        ...evaluation.breakdown,
        summary_feedback: mask(evaluation.breakdown.summary_feedback),
        results: evaluation.breakdown.results.map((r) => ({
          ...r,
          reasoning: mask(r.reasoning),
          quote: mask(r.quote),
          feedback: r.feedback === null ? null : mask(r.feedback),
        })),
      },
    },
  };
  const masked = { ...t, name: t.name === null ? null : mask(t.name), details };
  return t.raw === undefined ? masked : withHidden(masked, 'raw', maskJson(t.raw, settings));
}
