import type { Transcript } from '../../engine-types.js';
import { viewCall, type Turn } from '../call-view.js';
import { findAnyPhrase, isNegatedAt, normaliseWords, splitSentences } from '../phrase-match.js';
import { retellAgent, retellCustomer, tidy } from './reported-speech.js';
import {
  problemCues,
  doneAction,
  willAction,
  clauseEnd,
  refusalCues,
  satisfiedCues,
  unhappyCues,
  identifierCues,
  dateWords,
} from './summary-cues.js';

/** What the engine understood of a call, the material of its summary (call-summary.ts). */
export interface CallFacts {
  /** Why the customer called, retold ("their internet has been down since Saturday"), or null. */
  reason: string | null;
  /** What the agent did, in call order ("verified the customer's identity", "booked an engineer for …"). */
  actions: string[];
  outcome: 'resolved' | 'unresolved' | 'unclear';
  /** How the customer sounded at the end. */
  customerMood: 'satisfied' | 'unhappy' | 'neutral';
  /** Things due after the call, each with when ("an engineer will connect the new line on …"). */
  nextSteps: string[];
  /** Next steps that are also actions above (a summary with both says them once). */
  nextStepsInActions: string[];
  /** Words of speech recognised in the call. */
  words: number;
}

/** Reads the transcript for the facts a reader of the call wants first. */
export function understandCall(transcript: Transcript): CallFacts {
  const view = viewCall(transcript, '');
  const words = view.turns.reduce((n, t) => n + t.words.length, 0);
  const actions: string[] = [];
  const nextSteps: string[] = [];
  const inActions: string[] = [];
  const verification = verifiedWith(view.agentTurns, view.turns);
  let apologised = false;
  let refused = false;
  for (const turn of view.agentTurns) {
    const sentences = splitSentences(turn.segment.text);
    for (const [i, sentence] of sentences.entries()) {
      const normal = normaliseWords(sentence);
      const sorry = findAnyPhrase(normal, ['sorry', 'apologise|apologize|apologies']);
      if (sorry && !isNegatedAt(normal, sorry.start) && turn.index > 0) apologised = true;
      if (findAnyPhrase(normal, refusalCues)) refused = true;
      const done = doneAction.exec(sentence);
      const will = done ? null : willAction.exec(sentence);
      const action = done ? `${done[1]}${clauseOf(done[2] ?? '')}` : will ? `agreed to ${will[1]}${clauseOf(will[2] ?? '')}` : null;
      if (action && !isNegatedAt(normal, Math.max(0, normal.indexOf((done ?? will)?.[1]?.split(' ')[0]?.toLowerCase() ?? '')))) {
        actions.push(retellAgent(action));
        if (dateWords.test(action)) {
          const step = retellAgent(action.replace(/^agreed to /, 'will '));
          nextSteps.push(step);
          inActions.push(step);
        }
      }
      const explained = explanationOf(sentence);
      if (explained) actions.push(`explained that ${retellAgent(explained[0]?.toLowerCase() + explained.slice(1))}`);
      for (const clause of futureClauses(sentence)) {
        if (!dateWords.test(clause)) continue;
        const subject = /^(it|this|that)\b/i.test(clause) ? subjectBefore(sentences, i, sentence, clause) : null;
        const step = subject ? clause.replace(/^(it|this|that)\b/i, subject) : clause;
        nextSteps.push(retellAgent(step[0]?.toLowerCase() + step.slice(1)));
      }
    }
  }
  const lead: string[] = [];
  if (verification) lead.push(verification);
  if (apologised) lead.push('apologised');
  const customerMood = moodOf(view.customerTurns.slice(-2));
  const outcome =
    refused && actions.length === 0
      ? 'unresolved'
      : actions.length > 0
        ? 'resolved'
        : customerMood === 'satisfied'
          ? 'resolved'
          : refused || customerMood === 'unhappy'
            ? 'unresolved'
            : 'unclear';
  return {
    // What the caller says before the agent has answered ("hello, is this the bank?") is not yet why they called.
    reason: reasonOf(view.customerTurns.filter((t) => t.index > (view.agentTurns[0]?.index ?? -1))),
    actions: [...lead, ...new Set(actions)],
    outcome,
    customerMood,
    nextSteps: [...new Set(nextSteps)].filter((step, i, all) => !all.some((other, j) => j !== i && other.includes(step) && other !== step)),
    nextStepsInActions: inActions,
    words,
  };
}

/** "I can see your discount ended last month" or "The package was delayed at the warehouse": what the agent found. */
function explanationOf(sentence: string): string | null {
  const seen = /\bI can see (?:that )?((?:the|your|a|an) .+?)(?:[,.;]|$)/i.exec(sentence);
  if (seen?.[1] && /\b(is|was|were|are|has|have|had|ended|expired|failed|went)\b/i.test(seen[1])) return tidy(seen[1]);
  const state = /^\s*((?:the|your) [a-z]+ (?:was|is|has been|were|are) [a-z]+(?: [a-z]+){0,5}?)(?:[,.;]|$)/i.exec(sentence);
  if (state?.[1] && !/\b(will|please|correct|right|fine|welcome)\b/i.test(state[1])) return tidy(state[1]);
  return null;
}

function clauseOf(rest: string): string {
  const clause = rest.replace(clauseEnd, '');
  return tidy(clause.replace(/^\s*/, ' ')).length ? ` ${tidy(clause)}` : '';
}

/** "It will leave tomorrow and arrive on Friday", "your service will be back on within two hours". */
function futureClauses(sentence: string): string[] {
  const found: string[] = [];
  for (const part of sentence.split(/,\s*|;\s*|\s+and\s+(?=(?:it|your|the|this|an?)\b)/i)) {
    const clause = tidy(part.replace(/^\s*(?:and|so|then|but)\s+/i, ''));
    if (
      /^(?:it|this|that|your [a-z ]+?|the [a-z ]+?|an? [a-z ]+?|they) (?:will|should|is going to|is due to|is booked for)\b/i.test(clause)
    )
      found.push(clause);
  }
  return found;
}

const nounOfAction: Record<string, string> = {
  refunded: 'the refund',
  credited: 'the credit',
  booked: 'the booking',
  sent: 'the delivery',
};

/**
 * What "it" stands for: what the agent just did ("I have ordered a replacement router. It will be
 * delivered tomorrow" → the replacement router; "I have refunded …, it will show" → the refund), else
 * the subject of the sentence before ("The package was delayed…" → the package).
 */
function subjectBefore(sentences: string[], index: number, sentence: string, clause: string): string | null {
  const before = sentence.slice(0, Math.max(0, sentence.indexOf(clause)));
  for (const text of [before, sentences[index - 1] ?? '']) {
    const action = doneAction.exec(text) ?? willAction.exec(text);
    if (!action) continue;
    const noun = nounOfAction[(action[1] ?? '').toLowerCase()];
    if (noun) return noun;
    const object = /^\s*(?:(?:a|an|the|your) )((?:[a-z]+ ){0,2}[a-z]+)/i.exec(action[2] ?? '');
    if (object?.[1]) return `the ${object[1].toLowerCase()}`;
  }
  for (const text of [before, sentences[index - 1] ?? '']) {
    const subject = /^\s*(?:so\s+)?((?:the|your) [a-z]+)\b(?= (?:was|is|has|had|were|will))/i.exec(text);
    if (subject?.[1]) return subject[1].toLowerCase();
  }
  return null;
}

function verifiedWith(agentTurns: Turn[], turns: Turn[]): string | null {
  const asked = new Set<string>();
  for (const turn of agentTurns) {
    const answered = turns.some((t) => t.index > turn.index && t.role === 'customer');
    if (!answered) continue;
    for (const [name, patterns] of identifierCues) if (findAnyPhrase(turn.words, patterns)) asked.add(name);
  }
  const strong = [...asked].filter((a) => a !== 'account number');
  if (strong.length) return `verified the customer's identity (${strong.join(' and ')})`;
  if (asked.has('account number')) return 'took the account number';
  return null;
}

function moodOf(turns: Turn[]): CallFacts['customerMood'] {
  let mood: CallFacts['customerMood'] = 'neutral';
  for (const turn of turns) {
    const unhappy = findAnyPhrase(turn.words, unhappyCues);
    const happy = findAnyPhrase(turn.words, satisfiedCues);
    if (unhappy) mood = 'unhappy';
    else if (happy && !isNegatedAt(turn.words, happy.start)) mood = 'satisfied';
  }
  return mood;
}

/** The customer's first sentence that states a problem or a request, retold. */
function reasonOf(customerTurns: Turn[]): string | null {
  for (const turn of customerTurns.slice(0, 3)) {
    for (const sentence of splitSentences(turn.segment.text)) {
      if (/\?\s*$/.test(sentence)) continue;
      // From the first clause that states the problem: a greeting or an exclamation before it is left out.
      const clauses = sentence.split(/,\s*/);
      const first = clauses.findIndex((c) => normaliseWords(c).length >= 3 && findAnyPhrase(normaliseWords(c), problemCues));
      if (first < 0) continue;
      // Up to the clause that turns to the agent ("and it is your fault").
      const kept = clauses
        .slice(first)
        .join(', ')
        .replace(/\s+and (?:it is|it's|that is|that's) (?:your|you)\b.*$/i, '');
      return retellCustomer(kept);
    }
  }
  // A problem misheard past its cue words ("my internet has been dancing Saturday"): the customer's
  // first statement about their own things still says what the call is about.
  for (const turn of customerTurns.slice(0, 2)) {
    for (const sentence of splitSentences(turn.segment.text)) {
      const from = sentence.search(/\b(?:my|our|I)\b/i);
      const kept = from < 0 ? '' : sentence.slice(from);
      if (!/\?\s*$/.test(sentence) && normaliseWords(kept).length >= 4) return retellCustomer(kept);
    }
  }
  return null;
}
