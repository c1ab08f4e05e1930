import { maskEchoes, redactConversation } from '../../lib/redaction/index.js';
import type { HubRedactionSettings } from './hub-redaction-settings.js';
import { isOpaqueValue, maskJson, maskNamedValue, maskText } from './mask-text.js';

/**
 * How each kind of text of one call is masked, read against its conversation (docs/redaction.md,
 * "Conversations"): the turns as one conversation, and what is written about the call repeating
 * none of the numbers masked in them. Both the mirror's write (maskTranscription) and the local
 * re-mask of stored rows (maskStoredTranscription) mask through it, so they mask alike.
 */
export interface CallMasker {
  /** The conversation's turns, masked as one conversation (same order and count). */
  turns: string[];
  /** A free text about the call: its name, an error message, a criterion's reasoning, quote or feedback, the summary feedback. */
  text: (text: string) => string;
  /** A value of open shape (the summary, the raw answer kept beside the row): every string in it, read after its member's name. */
  json: (value: unknown) => unknown;
  /** An extraction field's value, read after the field's name. */
  field: (name: string, value: unknown) => unknown;
}

export function callMasker(turns: readonly string[], settings: HubRedactionSettings): CallMasker {
  const said = redactConversation(turns, settings);
  const echo = (text: string) => maskEchoes(text, said.masked, settings.substitution);
  return {
    turns: said.turns.map((turn) => turn.text),
    text: (text) => echo(maskText(text, settings)),
    json: (value) => echoJson(maskJson(value, settings), echo),
    field: (name, value) => echoJson(maskNamedValue(name, value, settings), echo),
  };
}

/** A conversation whose segments' texts are the masker's turns (the masker was made from its segments). */
export const withMaskedTurns = <C extends { segments: readonly { text: string }[] }>(conversation: C, masker: CallMasker): C => ({
  ...conversation,
  segments: conversation.segments.map((segment, i) => ({ ...segment, text: masker.turns[i] })),
});

/** Extraction fields with every value masked after its name. */
export const withMaskedFields = <F extends { fields: readonly { name: string; value: unknown }[] }>(fields: F, masker: CallMasker): F => ({
  ...fields,
  fields: fields.fields.map((field) => ({ ...field, value: masker.field(field.name, field.value) })),
});

/** Every string in a JSON value (ids and timestamps aside) with the conversation's masked numbers masked where it repeats them. */
function echoJson(value: unknown, echo: (text: string) => string): unknown {
  if (typeof value === 'string') return isOpaqueValue(value) ? value : echo(value);
  if (Array.isArray(value)) return value.map((item) => echoJson(item, echo));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, echoJson(v, echo)]));
  return value;
}
