import type { Prisma } from '../../generated/prisma/client.js';
import { maskEchoes, redactConversation, redactFieldValue, redactText } from '../../lib/redaction/index.js';
import type { TranscriptRedaction } from '../configurations/configuration-redaction.js';
import type { TranscriptSegment } from '../../engine/engine-types.js';
import type { CompletedResult } from './record-outcome.js';
import { buildSummaryFeedback } from './score-evaluation.js';

type Analysis = Pick<CompletedResult, 'summary' | 'fields' | 'evaluation'>;

/** A stretch of the recording that was masked in the transcript, in seconds from its start. */
export interface RedactedTimeSpan {
  start: number;
  end: number;
}

export interface RedactedOutcome extends Analysis {
  segments: TranscriptSegment[];
  /** Where the masked words were said: what a kept recording's audio redaction tones out. */
  timeSpans: RedactedTimeSpan[];
}

/**
 * The outcome as it may be stored (docs/redaction.md, "The built-in service"): segments (read as
 * one conversation, docs/redaction.md "Conversations"), summary, extraction fields, each
 * criterion's reasoning, quote and feedback, and the summary feedback (built again from the masked
 * results) with personal data masked, and no number masked in the conversation repeated. The evaluation was judged on
 * the unmasked transcript before this runs; scores and statuses are kept as judged.
 */
export function redactOutcome(segments: TranscriptSegment[], analysis: Analysis, redaction: TranscriptRedaction): RedactedOutcome {
  const options = { policies: redaction.policies, substitution: redaction.substitution };
  const said = redactConversation(
    segments.map((segment) => segment.text),
    options,
  );
  const mask = (text: string) => maskEchoes(redactText(text, options).text, said.masked, options.substitution);
  const timeSpans: RedactedTimeSpan[] = [];
  const maskedSegments = segments.map((segment, i) => {
    const { text, spans } = said.turns[i];
    timeSpans.push(...spans.map((span) => timeOfSpan(segment, span)));
    return { ...segment, text };
  });
  const evaluation = analysis.evaluation && {
    ...analysis.evaluation,
    results: analysis.evaluation.results.map((r) => ({
      ...r,
      reasoning: mask(r.reasoning),
      quote: mask(r.quote),
      feedback: r.feedback === null ? null : mask(r.feedback),
    })),
  };
  if (evaluation) evaluation.feedback = buildSummaryFeedback(evaluation);
  return {
    segments: maskedSegments,
    summary: maskSummary(analysis.summary, mask),
    fields: maskFields(analysis.fields, options, (text) => maskEchoes(text, said.masked, options.substitution)),
    evaluation,
    timeSpans,
  };
}

/** How long a character takes to say, roughly: a written digit is said as a word ("seven"). */
const spokenWeight = (text: string) => text.length + 4 * (text.match(/\d/g)?.length ?? 0);

/**
 * A span's time within its segment, by its share of the segment's spoken length (segments carry
 * no word times; a digit weighs as the word it is said as), widened by 0.4 s each side so the
 * edges of the words are covered.
 */
function timeOfSpan(segment: TranscriptSegment, span: { start: number; end: number }): RedactedTimeSpan {
  const total = Math.max(1, spokenWeight(segment.text));
  const seconds = segment.end - segment.start;
  const at = (offset: number) => segment.start + (seconds * spokenWeight(segment.text.slice(0, offset))) / total;
  const margin = 0.4;
  return { start: Math.max(segment.start, at(span.start) - margin), end: Math.min(segment.end, at(span.end) + margin) };
}

function maskSummary(summary: Analysis['summary'], mask: (text: string) => string): Analysis['summary'] {
  if (summary === null || typeof summary !== 'object' || Array.isArray(summary)) return summary;
  const record = summary as Record<string, Prisma.InputJsonValue>;
  return typeof record.text === 'string' ? { ...record, text: mask(record.text) } : summary;
}

function maskFields(
  fields: Analysis['fields'],
  options: Parameters<typeof redactText>[1],
  echo: (text: string) => string,
): Analysis['fields'] {
  if (fields === null || typeof fields !== 'object' || Array.isArray(fields)) return fields;
  const list = (fields as { fields?: unknown }).fields;
  if (!Array.isArray(list)) return fields;
  return {
    fields: (list as { name: string; value: Prisma.InputJsonValue | null }[]).map((f) => {
      const value = redactFieldValue(f.name, f.value, options);
      return { ...f, value: typeof value === 'string' ? echo(value) : value };
    }),
  };
}
