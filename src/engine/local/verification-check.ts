import type { CallView, Turn } from './call-view.js';
import { mentions, type CriterionReading } from './criterion-reading.js';
import { foundAt, notFound, wordsOf, type Finding } from './finding.js';
import { findAnyPhraseBySound } from './heard-phrase-match.js';
import { findInOtherReadings, otherReadingNote } from './other-readings-evidence.js';
import { findAnyPhrase, findPhrase } from './phrase-match.js';

/**
 * Identifiers that verify a caller, each with the words that ask for or confirm it, and those of
 * its cues long enough to be matched by sound when not heard as written (heard-phrase-match.ts).
 */
const identifiers: { name: string; named: string[]; cues: string[]; sounds?: string[] }[] = [
  // "date * birth": a recogniser's "date on birth", "date a birth" is still the question.
  {
    name: 'date of birth',
    named: ['date of birth', 'birth date', 'birthday', 'dob'],
    cues: ['date * birth', 'birth date', 'birthday', 'born', 'd o b', 'dob'],
  },
  {
    name: 'postcode',
    named: ['postcode', 'post code', 'zip', 'postal code'],
    cues: ['postcode', 'post code', 'zip code', 'postal code', 'zip'],
  },
  {
    name: 'security question',
    named: ['security', 'secret question', 'memorable', 'password', 'passcode', 'pin'],
    cues: [
      'security question|answer|word|details|check',
      'secret question|answer',
      'memorable word|date|answer',
      'password',
      'passcode',
      'pin',
    ],
    sounds: ['security question'],
  },
  { name: 'address', named: ['address'], cues: ['first line of * address', 'your address', 'home address', 'billing address'] },
  { name: 'full name', named: ['full name', 'name on the account'], cues: ['full name', 'name on the account'] },
];
/** Identifiers a caller can read off a bill or card: on their own they do not prove identity. */
const weakIdentifierCues = [
  'account number',
  'order number',
  'reference number',
  'card number',
  'last four digits',
  'phone number',
  'customer number',
];
/** Agent statements that disclose the account: verification is due before the first of them. */
const disclosureCues = [
  'i can see',
  'your balance',
  'your bill',
  'your account',
  'the bill includes',
  'you missed',
  'your payment',
  'your discount',
  'your card is',
  'i have booked|refunded|ordered|blocked|raised|applied|removed|updated|set|opened|cancelled|processed|credited',
];
const birthYear = 'nineteen|twenty thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|oh|zero';
/** A year as a recogniser writes it (1985), within a lifetime. */
const writtenBirthYear = /^(19[0-9]{2}|20[0-2][0-9])$/;

/**
 * Identity verification: the agent asks for (or confirms) an identifier that proves identity.
 * The description decides which ones count ("date of birth, postcode or security question");
 * an account number never counts alone. When the description says "before", the check must come
 * before the agent first discloses or changes anything on the account.
 */
export function checkVerification(view: CallView, reading: CriterionReading): Finding {
  const named = identifiers.filter((id) => mentions(reading, id.named));
  const accepted = named.length ? named : identifiers;
  const names = accepted.map((a) => a.name);
  const acceptedNames = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
  const verified = firstVerification(view, accepted);
  const disclosure = mentions(reading, ['before']) ? firstDisclosure(view) : null;
  if (verified && (!disclosure || verified.turn.index <= disclosure.index)) return foundAt(verified.turn, verified.cue);
  // A check the transcript missed counts when another reading of an agent's turn asks it as
  // written, and the account was not discussed before it in any reading (other-readings-evidence.ts).
  const heard = findInOtherReadings(
    view.agentTurns,
    accepted.flatMap((a) => a.cues),
  );
  const anyDisclosure = heard && mentions(reading, ['before']) ? firstDisclosure(view, true) : null;
  if (heard && (!anyDisclosure || heard.turn.index <= anyDisclosure.index))
    return { ...foundAt(heard.turn, wordsOf(heard.words, heard.match.start, heard.match.end)), note: otherReadingNote };
  const weak = view.agentTurns.map((t) => ({ t, m: findAnyPhrase(t.words, weakIdentifierCues) })).find((x) => x.m);
  const onlyWeak = weak?.m ? ` (only the ${wordsOf(weak.t.words, weak.m.start, weak.m.end)} was asked, which does not prove identity)` : '';
  if (verified && disclosure) {
    return notFound(
      `verification before the account was discussed: the agent discussed it at this turn and asked for the ${verified.cue} only later`,
      disclosure,
    );
  }
  return notFound(`a check of the ${acceptedNames}${onlyWeak}`, disclosure ?? weak?.t ?? view.agentTurns[0] ?? null);
}

function firstVerification(view: CallView, accepted: typeof identifiers): { turn: Turn; cue: string } | null {
  for (const turn of view.turns) {
    if (turn.role === 'agent') {
      const match =
        findAnyPhrase(
          turn.words,
          accepted.flatMap((a) => a.cues),
        ) ??
        findAnyPhraseBySound(
          turn.words,
          accepted.flatMap((a) => a.sounds ?? []),
        );
      if (match) return { turn, cue: wordsOf(turn.words, match.start, match.end) };
    } else if (accepted.some((a) => a.name === 'date of birth')) {
      // The recogniser may miss "date of birth", but the caller's answer ("nineteen eighty five",
      // "1985") right after an agent's question shows the check took place.
      const previous = view.turns[turn.index - 1];
      const year =
        findAnyPhrase(turn.words, [birthYear]) ?? (turn.words.some((w) => writtenBirthYear.test(w)) ? { start: 0, end: 0 } : null);
      if (previous?.role === 'agent' && year) return { turn: previous, cue: 'date of birth (answered with a birth year)' };
    }
  }
  return null;
}

/**
 * The agent's first turn that discloses or changes something on the account. Only after the
 * customer has first spoken (nothing is discussed before the caller says why they call), and not
 * a question ("how can I help" misheard "how can i have opened": a report of an action is never
 * "can/could/may I have …"). With `inOtherReadings`, a turn any reading of which discloses.
 */
function firstDisclosure(view: CallView, inOtherReadings = false): Turn | null {
  const customerSpoke = view.turns.find((t) => t.role !== 'agent')?.index ?? Infinity;
  const discloses = (t: Turn) => hasDisclosure(t.words) || (inOtherReadings && t.otherReadings.some(hasDisclosure));
  return view.agentTurns.find((t) => t.index > customerSpoke && discloses(t)) ?? null;
}

function hasDisclosure(words: string[]): boolean {
  for (let from = 0; from < words.length; from += 1) {
    const match = disclosureCues
      .map((cue) => findPhrase(words, cue, from))
      .filter((m) => m !== null)
      .sort((a, b) => a.start - b.start)[0];
    if (!match) return false;
    if (!['can', 'could', 'may'].includes(words[match.start - 1] ?? '')) return true;
    from = match.start;
  }
  return false;
}
