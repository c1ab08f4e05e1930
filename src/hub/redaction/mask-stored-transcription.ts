import { z } from 'zod';
import { callMasker, withMaskedFields, withMaskedTurns } from './call-masker.js';
import type { HubRedactionSettings } from './hub-redaction-settings.js';

/** What a mirrored row holds of a call's text: the columns maskTranscription masked before writing it. */
export interface StoredCallText {
  name: string | null;
  conversation: unknown;
  summary: unknown;
  fields: unknown;
  summaryFeedback: string | null;
  errorMessage: string | null;
  /** The raw answer kept beside a FAILED, IN_PROGRESS or unscored call. */
  upstreamAnswer: unknown;
  results: readonly StoredResultText[];
}

export interface StoredResultText {
  criterionId: string;
  reasoning: string;
  quote: string;
  feedback: string | null;
}

/** The stored conversation as mirror-row.ts wrote it: the segments' texts are what is read; any other member is kept. */
const StoredConversation = z.looseObject({ segments: z.array(z.looseObject({ text: z.string() })) });
const StoredFields = z.looseObject({ fields: z.array(z.looseObject({ name: z.string(), value: z.unknown() })) });

/**
 * A mirrored row's text masked as maskTranscription masks a fetched call (the same CallMasker):
 * the name, the turns as one conversation, the summary, the extraction fields, the error message,
 * the summary feedback, the kept raw answer and each criterion's reasoning, quote and feedback, none
 * repeating a number masked in the conversation. Read from the copy the row holds: digits an older
 * version already masked in the turns are gone, so their echoes elsewhere are found only by
 * mirroring the call again (docs/redaction.md, "The hub"). A conversation or fields column in no
 * shape the mirror writes is masked as an open JSON value, so nothing is left unread.
 */
export function maskStoredTranscription(row: StoredCallText, settings: HubRedactionSettings): StoredCallText {
  if (settings.policies.length === 0) return row;
  const conversation = StoredConversation.safeParse(row.conversation);
  const fields = StoredFields.safeParse(row.fields);
  const masker = callMasker(conversation.success ? conversation.data.segments.map((s) => s.text) : [], settings);
  const text = (value: string | null) => (value === null ? null : masker.text(value));
  return {
    name: text(row.name),
    conversation: conversation.success ? withMaskedTurns(conversation.data, masker) : masker.json(row.conversation),
    summary: masker.json(row.summary),
    fields: fields.success ? withMaskedFields(fields.data, masker) : masker.json(row.fields),
    summaryFeedback: text(row.summaryFeedback),
    errorMessage: text(row.errorMessage),
    upstreamAnswer: masker.json(row.upstreamAnswer),
    results: row.results.map((r) => ({
      ...r,
      reasoning: masker.text(r.reasoning),
      quote: masker.text(r.quote),
      feedback: text(r.feedback),
    })),
  };
}
