import type { CriterionToJudge } from '../engine-types.js';
import { contentStems, stem } from './text-tools.js';

/**
 * What a criterion asks, read from its name and description: which contact-centre behaviour it
 * is about, whether it forbids or requires it, and the details its description names (which
 * identifiers verify a caller, whether a greeting must name the company, …).
 */
export type Behaviour =
  | 'greeting'
  | 'closing'
  | 'verification'
  | 'empathy'
  | 'resolution'
  | 'disrespect'
  | 'promise'
  | 'profanity'
  | 'hold'
  | 'politeness'
  | 'own-words';

export interface CriterionReading {
  behaviour: Behaviour;
  /** A prohibition passes when the behaviour is absent; a requirement when it is present. */
  isProhibition: boolean;
  /** The words of the name and description, normalised to stems. */
  stems: Set<string>;
  text: string;
}

/** Behaviours that are only ever forbidden: a criterion about them is a prohibition however worded. */
const forbiddenBehaviours = new Set<Behaviour>(['disrespect', 'promise', 'profanity']);

/** Stems that name each behaviour, checked in this order (the first that matches wins). */
const behaviourNames: [Behaviour, string[]][] = [
  [
    'verification',
    [
      'verify',
      'verification',
      'identity',
      'authenticate',
      'authentication',
      'security',
      'identification',
      'dpa',
      'data protection',
      'account holder',
    ],
  ],
  ['promise', ['promise', 'guarantee', 'commitment', 'overpromise', 'unauthorised', 'unauthorized']],
  [
    'disrespect',
    [
      'blame',
      'blaming',
      'rude',
      'rudeness',
      'disrespect',
      'condescending',
      'dismissive',
      'sarcastic',
      'patronising',
      'patronizing',
      'tone',
      'insult',
      'respect',
      'respectful',
      'professionalism',
      'courteous',
      'courtesy',
      'talk down',
    ],
  ],
  ['profanity', ['profanity', 'swear', 'swearing', 'curse', 'cursing', 'obscene', 'language']],
  [
    'empathy',
    [
      'empathy',
      'empathetic',
      'empathise',
      'empathize',
      'sympathy',
      'care',
      'understanding',
      'apologise',
      'apologize',
      'apology',
      'reassure',
      'reassurance',
      'acknowledge',
    ],
  ],
  ['resolution', ['resolution', 'resolve', 'resolved', 'solve', 'solution', 'fix', 'outcome', 'next step', 'first contact', 'ownership']],
  ['closing', ['closing', 'close', 'wrap', 'wrapup', 'goodbye', 'farewell', 'end of the call', 'sign off']],
  ['greeting', ['greeting', 'greet', 'opening', 'open', 'introduction', 'introduce', 'welcome']],
  ['hold', ['hold', 'wait', 'transfer']],
  ['politeness', ['polite', 'politeness', 'manners']],
];

const prohibitionWords = /\b(never|no|not|avoid|don't|does not|do not|must not|mustn't|prohibited|forbidden|refrain)\b/i;

export function readCriterion(criterion: CriterionToJudge): CriterionReading {
  const text = `${criterion.name}. ${criterion.description}`;
  const stems = new Set(contentStems(text.replace(/[_-]+/g, ' ')));
  const nameStems = new Set(contentStems(criterion.name.replace(/[_-]+/g, ' ')));
  // The name says what the criterion is about; the description only when the name says nothing.
  const behaviour = behaviourIn(nameStems, criterion.name) ?? behaviourIn(stems, text) ?? 'own-words';
  const isProhibition = forbiddenBehaviours.has(behaviour) || (behaviour !== 'verification' && prohibitionWords.test(criterion.name));
  return { behaviour, isProhibition, stems, text: text.toLowerCase() };
}

function behaviourIn(stems: Set<string>, text: string): Behaviour | null {
  const lower = ` ${text.toLowerCase()} `;
  for (const [behaviour, names] of behaviourNames) {
    if (names.some((n) => (n.includes(' ') ? lower.includes(` ${n} `) || lower.includes(` ${n}`) : stems.has(stem(n))))) return behaviour;
  }
  return null;
}

/** Whether the criterion's text mentions any of the phrases (lower case, word-bounded). */
export function mentions(reading: CriterionReading, phrases: string[]): boolean {
  return phrases.some((p) => new RegExp(`\\b${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'i').test(reading.text));
}
