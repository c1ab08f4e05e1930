import type { CallView } from './call-view.js';
import type { CriterionReading } from './criterion-reading.js';
import { foundAt, notFound, wordsOf, type Finding } from './finding.js';
import { findAnyPhrase, findPhrase, isNegatedAt } from './phrase-match.js';

/** Blame, condescension and dismissiveness: what a rude agent says without swearing. */
const disrespectCues = [
  // "your fault" alone is often a misheard "your postcode": the blame needs its frame.
  'your own fault',
  'it|that|this is|was your fault',
  'all your fault',
  'you should have|of',
  'you should not have',
  'that is on you',
  'that is your problem',
  'your problem not ours',
  'not my problem',
  'not our problem',
  'not our fault',
  'are you * listening',
  'are you listening',
  'calm down',
  'i have already explained|told',
  'already told you',
  'as i said',
  'like i said',
  'it is obvious',
  'it is * obvious',
  'learn to',
  'how many times',
  'you people',
  'if you had read|listened|checked',
  'you need to listen',
  'do you not understand',
  'pay attention',
  'your mistake',
  'you did it wrong',
];
const profanityCues = [
  'damn',
  'hell',
  'crap',
  'bloody',
  'shit-',
  'fuck-',
  'bastard',
  'piss-',
  'stupid',
  'idiot-',
  'shut up',
  'dumb',
  'moron-',
];

/**
 * Telling the customer they will be compensated is a promise of an outcome however the promise
 * verb came out (a misheard "I guarantee" still leaves "you will get two hundred dollars
 * compensation").
 */
const compensationPromise = 'you will get|receive|be ~ compensation|compensated';

/** Words that turn "I promise"/"I guarantee" into a promise of an outcome the agent cannot give. */
const outcomeWords = [
  'refund-',
  'compensat-',
  'free',
  'credit-',
  'money',
  'dollar-',
  'pound-',
  'euro-',
  'discount-',
  'waive-',
  'reimburs-',
  'cheaper',
  'never happen',
  'full amount',
];
const promiseCues = [
  'i promise',
  'promise you',
  'guarantee-',
  'definitely get',
  'will definitely',
  'no question',
  'one hundred percent',
  compensationPromise,
];

/** Forbidden conduct said by the agent; customers' words never count against the agent. */
export function checkConduct(view: CallView, reading: CriterionReading): Finding {
  switch (reading.behaviour) {
    case 'promise':
      return findPromise(view);
    case 'profanity':
      return findCue(view, profanityCues, 'no profanity from the agent');
    default: {
      // A respect criterion covers swearing and insults as well as blame and condescension.
      const disrespect = findCue(view, disrespectCues, 'no blaming or dismissive words from the agent');
      return disrespect.found ? disrespect : findCue(view, profanityCues, 'no blaming, dismissive or abusive words from the agent');
    }
  }
}

function findCue(view: CallView, cues: string[], absent: string): Finding {
  for (const turn of view.agentTurns) {
    const match = findAnyPhrase(turn.words, cues);
    if (match) return foundAt(turn, wordsOf(turn.words, match.start, match.end), 1);
  }
  return notFound(absent, null, 5);
}

/**
 * A promise or guarantee counts when its sentence names an outcome (money, compensation, free
 * service…): "I promise I will call you back" is a commitment the agent can keep, "I guarantee
 * you will get compensation" is not. "I can't guarantee" is negated and does not count.
 */
function findPromise(view: CallView): Finding {
  for (const turn of view.agentTurns) {
    for (const sentence of turn.sentences) {
      for (const cue of promiseCues) {
        const match = findPhrase(sentence, cue);
        if (!match || isNegatedAt(sentence, match.start, 1)) continue;
        const isGuarantee = cue === 'guarantee-' || cue === compensationPromise;
        // The outcome must follow the promise closely: an unpunctuated turn is one long "sentence".
        const after = sentence.slice(match.end, match.end + 10);
        if (isGuarantee || findAnyPhrase(after, outcomeWords))
          return foundAt(turn, wordsOf(sentence, match.start, Math.min(sentence.length, match.end + 8)), 1);
      }
    }
  }
  return notFound('no promise of an outcome outside policy', null, 5);
}
