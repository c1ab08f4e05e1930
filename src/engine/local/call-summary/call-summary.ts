import type { Transcript } from '../../engine-types.js';
import { understandCall, type CallFacts } from './call-facts.js';
import { asSentences } from './reported-speech.js';

type Part = 'reason' | 'actions' | 'outcome' | 'next';

/** What a configuration's custom_summary asks for: the parts it names, and how short. */
export interface SummaryRequest {
  parts: Part[];
  oneSentence: boolean;
}

const partCues: [Part, RegExp][] = [
  ['reason', /\b(reason|why|purpose|problem|issue|complaint|request|called about|intent)/i],
  ['actions', /\b(action|actions|steps taken|what the agent did|agent did|resolution steps|handled|verif|apolog|refund|escalat|book)/i],
  ['outcome', /\b(outcome|result|resolved|resolution|status|satisf|sentiment|mood)/i],
  ['next', /\b(next steps?|follow[- ]?ups?|follow on|actions? items?|to[- ]dos?|due|appointments?|deadlines?|dates?)/i],
];

/** Reads custom_summary: "next steps only", "one sentence", "focus on the outcome", … */
export function readSummaryRequest(instruction: string | null): SummaryRequest {
  const all: Part[] = ['reason', 'actions', 'outcome', 'next'];
  if (!instruction?.trim()) return { parts: all, oneSentence: false };
  const text = instruction.toLowerCase();
  const oneSentence = /\b(one|single|1)[- ]sentence|\bone line\b|\bin a sentence\b|\bvery (short|brief)|\bone-liner\b/.test(text);
  const named = partCues.filter(([, cue]) => cue.test(text)).map(([part]) => part);
  const only = /\bonly\b|\bjust\b|\bnothing (else|but)\b|\bexclusively\b/.test(text);
  const parts = named.length && (only || named.length < all.length) ? named : all;
  return { parts: only || named.length ? parts : all, oneSentence };
}

/**
 * The offline engine's summary: built from what it understood of the call (call-facts.ts), not
 * copied from the transcript. Why the customer called, what the agent did, the outcome and what
 * happens next, in a few plain sentences with no speaker labels; custom_summary chooses the parts
 * and the length. A call it could not read is said to be so.
 */
export function summarizeCall(transcript: Transcript, instruction: string | null): string {
  const facts = understandCall(transcript);
  if (facts.words === 0) return 'The recording contains no recognizable speech.';
  if (!facts.reason && facts.actions.length === 0 && facts.nextSteps.length === 0)
    return `The call could not be summarised: too little of its ${facts.words} recognised words could be understood.`;
  return render(facts, readSummaryRequest(instruction));
}

function render(facts: CallFacts, request: SummaryRequest): string {
  const wants = (part: Part) => request.parts.includes(part);
  const reason = facts.reason ? `the customer called because ${facts.reason}` : 'the reason for the call was not clear';
  const actions = facts.actions.length ? `the agent ${list(facts.actions)}` : 'the agent took no action';
  const outcome = outcomeOf(facts);
  const laterSteps = facts.nextSteps.filter((step) => !facts.nextStepsInActions.includes(step));
  const next =
    laterSteps.length > 0
      ? `next: ${list(laterSteps)}`
      : facts.nextSteps.length > 0 || !wants('actions')
        ? null
        : 'no next step was agreed';
  const nextOnly = facts.nextSteps.length ? `next: ${list(facts.nextSteps)}` : 'no next step was agreed';
  if (request.oneSentence) {
    const parts = [wants('reason') && facts.reason ? reason : null, wants('actions') && facts.actions.length ? actions : null]
      .filter(Boolean)
      .join('; ');
    const laterStep = facts.nextSteps.find((step) => !facts.nextStepsInActions.includes(step) || !wants('actions'));
    const tail = wants('next') && laterStep ? `next: ${laterStep}` : wants('outcome') ? outcome : null;
    return asSentences([[parts, tail].filter(Boolean).join('; ') || outcome]);
  }
  return asSentences(
    [
      wants('reason') ? reason : null,
      wants('actions') ? actions : null,
      wants('outcome') ? outcome : null,
      wants('next') ? (wants('actions') ? next : nextOnly) : null,
    ].filter((p): p is string => p !== null),
  );
}

function outcomeOf(facts: CallFacts): string {
  const mood =
    facts.customerMood === 'satisfied'
      ? 'the customer was satisfied'
      : facts.customerMood === 'unhappy'
        ? 'the customer remained unhappy'
        : null;
  const state =
    facts.outcome === 'resolved'
      ? 'the issue was resolved'
      : facts.outcome === 'unresolved'
        ? 'the issue was not resolved'
        : 'whether the issue was resolved is not clear';
  return mood ? `${state} and ${mood}` : state;
}

function list(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
