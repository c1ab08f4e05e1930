/**
 * The facts a QA lead wants from a call's summary, labelled per call of the development set (and
 * of the held-out set, labelled before its summaries were first read), and
 * how a summary's text is read for them (engine.bench.ts, summary-facts.test.ts): why the customer
 * called (words that must be there), what the agent did (from a fixed list of actions), the outcome
 * and the next step with its date. A fact is stated correctly when the summary says it; a fact is
 * invented when the summary states an action or outcome the label does not have, or a date word the
 * call never said.
 */
export type SummaryAction =
  | 'verified'
  | 'apologised'
  | 'booked'
  | 'refunded'
  | 'replaced'
  | 'escalated'
  | 'discount'
  | 'removed'
  | 'updated'
  | 'callback'
  | 'direct-debit'
  | 'blocked'
  | 'disputed'
  | 'limit';

export interface SummaryFacts {
  /** Each entry must appear in the summary (alternatives separated by |). */
  reason: string[];
  actions: SummaryAction[];
  outcome: 'resolved' | 'unresolved';
  /** The next step's words (its date), or null when none was agreed. */
  next: string[] | null;
}

const actionCues: Record<SummaryAction, RegExp> = {
  verified: /\bverified\b/i,
  apologised: /\bapologi[sz]ed\b/i,
  booked: /\b(booked|scheduled)\b/i,
  refunded: /\brefund(ed)?\b/i,
  replaced: /\b(replacement|replaced)\b/i,
  escalated: /\b(escalat\w*|raised a ticket|ticket with|transferred)\b/i,
  discount: /\bdiscount\b/i,
  removed: /\b(removed|waived)\b/i,
  updated: /\b(updated|corrected)\b/i,
  callback: /\b(call(ed)? (the customer |them )?back|callback)\b/i,
  'direct-debit': /\bdirect debit\b/i,
  blocked: /\b(blocked|cancelled|froze|frozen)\b/i,
  disputed: /\bdispute\b/i,
  limit: /\blimit\b/i,
};
const dateWord =
  /\b(today|tomorrow|tonight|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|june|july|august|september|october|november|december|minutes?|hours?|days?|weeks?)\b/gi;

export interface SummaryScore {
  facts: number;
  right: number;
  invented: number;
  missing: string[];
  inventions: string[];
  /** "Speaker A:", "B:" or doubled punctuation. */
  faults: string[];
}

export function scoreSummary(summary: string, facts: SummaryFacts, script: string): SummaryScore {
  const text = summary.toLowerCase();
  const has = (entry: string) => entry.split('|').some((option) => text.includes(option.toLowerCase()));
  const missing: string[] = [];
  const inventions: string[] = [];
  let facts_ = 0;
  let right = 0;
  const check = (ok: boolean, what: string) => {
    facts_ += 1;
    if (ok) right += 1;
    else missing.push(what);
  };
  check(facts.reason.every(has), `reason (${facts.reason.join(', ')})`);
  for (const action of facts.actions) check(actionCues[action].test(summary), `action ${action}`);
  const saysUnresolved = /\bnot resolved\b/i.test(summary);
  const saysResolved = /\bwas resolved\b/i.test(summary);
  check(facts.outcome === 'resolved' ? saysResolved : saysUnresolved, `outcome ${facts.outcome}`);
  if (facts.next) check(facts.next.every(has), `next step (${facts.next.join(', ')})`);
  for (const [action, cue] of Object.entries(actionCues)) {
    if (!facts.actions.includes(action as SummaryAction) && cue.test(summary)) inventions.push(`action ${action}`);
  }
  if ((facts.outcome === 'resolved' && saysUnresolved) || (facts.outcome === 'unresolved' && saysResolved)) inventions.push('outcome');
  const said = script.toLowerCase();
  for (const word of new Set((summary.match(dateWord) ?? []).map((w) => w.toLowerCase()))) {
    if (!new RegExp(`\\b${word}\\b`).test(said)) inventions.push(`date word "${word}"`);
  }
  const faults: string[] = [];
  if (/\bspeaker [a-z0-9]\b|(^|\s)[A-Z]:\s/i.test(summary)) faults.push('speaker label');
  if (/([.,;:!?])\s*\1|\.\s*[,.]/.test(summary)) faults.push('doubled punctuation');
  return { facts: facts_, right, invented: inventions.length, missing, inventions, faults };
}
