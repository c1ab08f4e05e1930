import { findDigitRuns } from './detect-number-runs.js';
import { applySpans, unionOfSpans } from './mask-spans.js';
import type { RedactedSpan, RedactionPolicy } from './policies.js';
import { readSpokenNumbers } from './read-spoken-numbers.js';
import { redactText, type RedactionResult } from './redact-text.js';

type Options = Parameters<typeof redactText>[1];

/** The digits of a number masked in the conversation, so a quote or a note that repeats them is masked too. */
export interface MaskedDigits {
  policy: RedactionPolicy;
  digits: string;
}

export interface ConversationRedaction {
  turns: RedactionResult[];
  /** The digits of every masked stretch of three or more digits: each turn's part, and the whole number. */
  masked: MaskedDigits[];
}

/**
 * A turn that only acknowledges ("mm-hm", "yes", "okay, go on"): left out when the turns are read
 * together, so a number read in groups between them still reads as one.
 */
const BACK_CHANNEL =
  /^\s*(?:(?:mm+[ -]?hm+|m+hm+|hmm+|uh[ -]?huh|yes|yeah|yep|yup|ok|okay|right|alright|all right|sure|go on|got it|thanks|thank you|great|perfect|lovely|uh|um)[\s.,!?-]*)+$/i;

/**
 * Masks a conversation's turns (docs/redaction.md, "Conversations"): each turn on its own, then the
 * turns read together (back-channel turns left out), the union of both. So the agent's "and the
 * security code?" is the cue for the caller's "seven three nine", and a card read in groups over
 * several turns is masked whole. Spans are offsets into each turn.
 */
export function redactConversation(turns: readonly string[], options: Options): ConversationRedaction {
  const alone = turns.map((turn) => redactText(turn, options).spans);
  const joined: Array<{ turn: number; offset: number }> = [];
  let text = '';
  turns.forEach((turn, i) => {
    if (BACK_CHANNEL.test(turn)) return;
    if (text) text += '\n';
    joined.push({ turn: i, offset: text.length });
    text += turn;
  });
  const together: RedactedSpan[][] = turns.map(() => []);
  const masked: MaskedDigits[] = [];
  for (const span of redactText(text, options).spans) {
    remember(masked, span.policy, text.slice(span.start, span.end));
    for (const { turn, offset } of joined) {
      const start = Math.max(span.start, offset) - offset;
      const end = Math.min(span.end, offset + turns[turn].length) - offset;
      if (start < end) together[turn].push({ policy: span.policy, start, end });
    }
  }
  const results = turns.map((turn, i) => {
    const spans = unionOfSpans(alone[i], together[i]);
    for (const span of spans) remember(masked, span.policy, turn.slice(span.start, span.end));
    return { text: applySpans(turn, spans, options.substitution), spans };
  });
  return { turns: results, masked };
}

function remember(masked: MaskedDigits[], policy: RedactionPolicy, said: string): void {
  const digits = readSpokenNumbers(said).text.replace(/\D/g, '');
  if (digits.length >= 3 && !masked.some((m) => m.digits === digits)) masked.push({ policy, digits });
}

/**
 * A text written about the conversation (a criterion's quote or reasoning, a summary) with every
 * number that repeats one masked in it masked too: one holding a masked number's digits, or four
 * or more digits of one. "Seven three nine." alone says nothing, but the conversation said what it was.
 */
export function maskEchoes(text: string, masked: readonly MaskedDigits[], substitution: Options['substitution']): string {
  if (masked.length === 0) return text;
  const spans: RedactedSpan[] = [];
  for (const run of findDigitRuns(readSpokenNumbers(text))) {
    const echoed = masked.find((m) => run.digits.includes(m.digits) || (run.digits.length >= 4 && m.digits.includes(run.digits)));
    if (echoed) spans.push({ policy: echoed.policy, start: run.start, end: run.end });
  }
  return spans.length ? applySpans(text, unionOfSpans(spans), substitution) : text;
}
