import type { CallView, Turn } from './call-view.js';
import type { CriterionReading } from './criterion-reading.js';
import { foundAt, notFound, wordsOf, type Finding } from './finding.js';
import { findAnyPhrase, findPhrase, isNegatedAt } from './phrase-match.js';
import { contentStems, stem } from './text-tools.js';

const empathyCues = [
  'sorry',
  'apolog-',
  'understand',
  'can imagine',
  'that must be',
  'must be * frustrating|annoying|stressful|worrying|difficult|upsetting',
  'sounds * frustrating|annoying|stressful|worrying|difficult|upsetting',
  'frustrating',
  'annoying',
  'stressful',
  'worrying',
  'upsetting',
  'oh dear',
  'oh no',
  'do not worry',
  'i appreciate',
  'let us * sorted|fixed',
  'get this sorted|fixed',
  'get that sorted|fixed',
  'thank you for your patience',
  'i hear you',
  'i know how',
  'i am afraid',
  'reassure',
  'what a pain',
];

/**
 * Empathy from the agent's turns only: a customer's "sorry" or "I don't understand" is theirs.
 * "understand" counts only when the agent says it of the customer ("I understand", not "I don't
 * understand" or "do you understand"). The score grows with the distinct ways empathy is shown:
 * none 1, one 3, two 4, three or more 5.
 */
export function checkEmpathy(view: CallView): Finding {
  const cues = new Map<string, Turn>();
  for (const turn of view.agentTurns) {
    for (const pattern of empathyCues) {
      const match = findPhrase(turn.words, pattern);
      if (!match || isNegatedAt(turn.words, match.start)) continue;
      if (pattern === 'understand' && turn.words[match.start - 1] === 'you') continue;
      const cue = wordsOf(turn.words, match.start, match.end);
      if (![...cues.keys()].some((c) => c.includes(cue) || cue.includes(c))) cues.set(cue, turn);
    }
  }
  const [firstCue, firstTurn] = [...cues.entries()][0] ?? [];
  if (!firstCue || !firstTurn) return notFound('any acknowledgement of the problem or apology from the agent');
  return foundAt(firstTurn, firstCue, Math.min(5, 2 + cues.size));
}

const actionVerbs =
  'booked|refunded|ordered|arranged|scheduled|blocked|raised|applied|removed|updated|sent|opened|cancelled|processed|set|credited|reset|fixed|moved|logged|escalated|added|waived|replaced|reconnected|restored|activated|unblocked|issued|corrected|changed|upgraded|reported|asked|paused|lifted|posted|emailed|requested';
const actionCues = [
  `i have ~ ${actionVerbs}`,
  `we have ~ ${actionVerbs}`,
  `i will ~ send|book|arrange|refund|raise|escalate|credit|process|call|email|post|cancel`,
  'will arrive',
  'will be delivered|fixed|corrected|refunded|credited|back|connected|working|sent|posted|removed',
  'will work again',
  'will connect|visit|call|show|go',
  'works now',
  'should work',
  'is now fixed|working|sorted|active',
  'engineer|technician will',
  'you are booked',
  'all sorted',
  'that is done',
  'is done',
];
const refusalCues = [
  'nothing * i can do',
  'nothing more i can do',
  'nothing i can do',
  'not able to',
  'unable to',
  'can not help',
  'can not do anything',
  'you will have to call back',
  'there is nothing',
];
const satisfiedCues = [
  'great',
  'perfect',
  'brilliant',
  'lovely',
  'relief',
  'helpful',
  'that works',
  'what i needed',
  'sorted',
  'appreciate',
  'thank you so much',
  'excellent',
  'fantastic',
  'wonderful',
];
const unhappyCues = ['disappoint-', 'not fair', 'not happy', 'useless', 'unacceptable', 'still not'];

/**
 * Resolution: the agent fixes the problem or agrees a next step ("I have booked an engineer",
 * "a new card will arrive on Friday"), or answers it and the customer says it helped. A refusal
 * with no action ("there is nothing I can do") fails, whatever the customer says after it.
 */
export function checkResolution(view: CallView): Finding {
  let refusal: Turn | null = null;
  for (const turn of view.agentTurns) {
    for (const sentence of turn.sentences) {
      const action = findAnyPhrase(sentence, actionCues);
      if (action && !isNegatedAt(sentence, action.start))
        return foundAt(turn, wordsOf(sentence, action.start, Math.min(sentence.length, action.end + 6)));
      if (!refusal && findAnyPhrase(sentence, refusalCues)) refusal = turn;
    }
  }
  if (refusal) return notFound('a fix or an agreed next step (the agent said nothing could be done)', refusal);
  const lastCustomer = view.customerTurns.at(-1);
  for (const turn of view.customerTurns.slice(1)) {
    const happy = findAnyPhrase(turn.words, satisfiedCues);
    if (happy && !isNegatedAt(turn.words, happy.start) && !(lastCustomer && findAnyPhrase(lastCustomer.words, unhappyCues))) {
      return foundAt(turn, `customer: ${wordsOf(turn.words, happy.start, happy.end)}`);
    }
  }
  return notFound('a fix or an agreed next step with a timeframe', view.agentTurns.at(-1) ?? null);
}

const holdCues = ['hold', 'one moment', 'bear with me', 'just a moment', 'give me a moment'];
const politeCues = ['please', 'thank you', 'thanks', 'you are welcome', 'my pleasure'];

export function checkSimpleCue(view: CallView, reading: CriterionReading): Finding {
  const cues = reading.behaviour === 'hold' ? holdCues : reading.behaviour === 'politeness' ? politeCues : ownWordCues(reading);
  const seen = new Map<string, Turn>();
  for (const turn of view.agentTurns) {
    const match = findAnyPhrase(turn.words, cues);
    if (match) {
      const cue = wordsOf(turn.words, match.start, match.end);
      if (!seen.has(cue)) seen.set(cue, turn);
    }
  }
  const [cue, turn] = [...seen.entries()][0] ?? [];
  if (!cue || !turn) return notFound(`anything the agent said about “${reading.text.split('.')[0]}”`);
  return foundAt(turn, cue, Math.min(5, 1 + 2 * seen.size));
}

/** Words that say nothing about what to look for in a call. */
const genericStems = new Set(
  [
    'agent',
    'customer',
    'caller',
    'call',
    'must',
    'should',
    'always',
    'properly',
    'correct',
    'clearly',
    'give',
    'make',
    'use',
    'ask',
    'tell',
    'check',
    'conversation',
    'never',
    'during',
  ].map(stem),
);

/** A criterion that names no known behaviour is looked for by its own content words (as prefixes of their stems). */
function ownWordCues(reading: CriterionReading): string[] {
  return [...new Set(contentStems(reading.text))].filter((s) => !genericStems.has(s) && s.length > 2).map((s) => `${s}-`);
}
