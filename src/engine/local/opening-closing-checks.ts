import type { CallView, Turn } from './call-view.js';
import { mentions, type CriterionReading } from './criterion-reading.js';
import { foundAt, notFound, wordsOf, type Finding } from './finding.js';
import { findAnyPhraseBySound, findEndSoundingLike } from './heard-phrase-match.js';
import { findInOtherReadings, otherReadingNote } from './other-readings-evidence.js';
import { findAnyPhrase } from './phrase-match.js';

const greetingWords = ['hello', 'hi', 'hiya', 'hey', 'good morning|afternoon|evening|day', 'morning', 'afternoon', 'evening', 'welcome'];
/** Phrases that name the organisation without saying its name (the name itself is often misheard). */
const organisationFrames = [
  'thank|thanks * for calling',
  'thank|thanks for calling',
  'you are through to',
  'you have reached',
  'welcome to',
  'you are speaking with|to',
  'customer service|services|support|care',
  'help desk',
  '* team',
  '* department',
];
const greetings = [...greetingWords, ...organisationFrames.slice(0, 3)];
const ownNameCues = ['my name is', 'this is', 'name is', '* speaking', '* here', 'you are speaking with|to', 'i am *'];
const notANameAfterIAm = new Set([
  'sorry',
  'afraid',
  'so',
  'really',
  'just',
  'going',
  'not',
  'calling',
  'here',
  'looking',
  'able',
  'happy',
  'glad',
  'the',
  'a',
]);

// Recognisers often mishear "anything" ("is there and is in else i can"), so the frame around it counts too.
const offerCues = [
  'anything|everything|something else',
  'anything more|further',
  'is that everything',
  'any other question-',
  'help with anything',
  'anything i can',
  'is there ~ else',
  'else i can help|do',
];
/**
 * The set phrases of a closing as said in full, matched by sound when the cues above are not found
 * as written (heard-phrase-match.ts: a narrow-band line turns "is there anything else" into other
 * words of like sound). Only what is long enough to be told from other speech by sound.
 */
const offerSounds = [
  'is there anything else i can help you with',
  'is there anything else i can help with',
  'is there anything else i can do for you',
  'is there anything else',
];
const farewellSounds = ['thank you for calling', 'thanks for calling'];
/** Farewells too short to match by sound anywhere: they count when the agent's last turn ends sounding like them. */
const lastWordFarewells = ['goodbye', 'bye', 'bye bye'];
const farewellCues = [
  'goodbye',
  'bye',
  'have a * day-|evening|afternoon|weekend',
  'have a * * day-',
  'take care',
  'thank|thanks * for calling',
  'thank|thanks for calling',
  'thank you for your call|patience|time',
  'thanks for your call|patience|time',
  'enjoy *',
  'speak soon',
  'all the best',
  'cheers for calling',
];

/**
 * A greeting is judged on the agent's opening: the agent's turns among the first three of the
 * call (a customer's "Hello? Is this the bank?" may come first). What the description names is
 * required too: the company ("names the company", "the bank name") and the agent's own name.
 */
export function checkGreeting(view: CallView, reading: CriterionReading): Finding {
  const opening = view.agentTurns.filter((t) => t.index < 3).slice(0, 2);
  const first = opening[0] ?? view.agentTurns[0];
  if (!first) return notFound('the agent never spoke');
  const wantsOrganisation = mentions(reading, [
    'company',
    'organisation',
    'organization',
    'business',
    'brand',
    'bank name',
    'the bank',
    'department',
    'team name',
    'states the',
  ]);
  const wantsName = mentions(reading, [
    'their name',
    'own name',
    'their own name',
    'introduc',
    'agent name',
    'gives their',
    'and their name',
  ]);
  const needsIn = (words: string[]) => [
    { what: 'a greeting', ok: findAnyPhrase(words, greetings) !== null },
    ...(wantsOrganisation
      ? [
          {
            what: 'the company name',
            ok: view.organisationWords.some((w) => words.includes(w)) || findAnyPhrase(words, organisationFrames) !== null,
          },
        ]
      : []),
    ...(wantsName ? [{ what: "the agent's own name", ok: saysOwnName(words) }] : []),
  ];
  const words = opening.flatMap((t) => t.words);
  const heard = needsIn(words);
  // What the transcript missed counts when another reading of an opening turn says it (other-readings-evidence.ts).
  const inOthers = opening.flatMap((t) => t.otherReadings).map(needsIn);
  const needs = heard.map((need, i) => ({ ...need, ok: need.ok || inOthers.some((other) => other[i]?.ok) }));
  const greeted = findAnyPhrase(words, greetings);
  const finding = judgeElements(
    first,
    needs,
    greeted ? wordsOf(words, greeted.start, Math.min(words.length, greeted.end + 6)) : first.segment.text,
  );
  return finding.found && heard.some((need) => !need.ok) ? { ...finding, note: otherReadingNote } : finding;
}

function saysOwnName(words: string[]): boolean {
  for (let i = 0; i < words.length; i += 1) {
    const match = findAnyPhrase(words.slice(i, i + 4), ownNameCues);
    if (!match) continue;
    if (match.pattern === 'i am *' && notANameAfterIAm.has(words[i + match.end - 1] ?? '')) continue;
    return true;
  }
  return false;
}

/**
 * A closing is judged on the agent's last turn, and on the one before it when that is also in the
 * last quarter of the call: a "thanks for calling" at the start does not close a call.
 */
export function checkClosing(view: CallView, reading: CriterionReading): Finding {
  const last = view.agentTurns.at(-1);
  if (!last) return notFound('the agent never spoke');
  const lateFrom = Math.floor(view.turns.length * 0.75);
  const closing = view.agentTurns.slice(-2).filter((t) => t === last || t.index >= lateFrom);
  const words = closing.flatMap((t) => t.words);
  const offered = findAnyPhrase(words, offerCues) ?? findAnyPhraseBySound(words, offerSounds);
  const farewell =
    findAnyPhrase(words, farewellCues) ??
    findAnyPhraseBySound(words, farewellSounds) ??
    (last.words.length ? findEndSoundingLike(words, lastWordFarewells) : null);
  // What the transcript missed counts when another reading of a closing turn says it as written (other-readings-evidence.ts).
  const otherOffer = offered ? null : findInOtherReadings(closing, offerCues);
  const otherFarewell = farewell ? null : findInOtherReadings(closing, farewellCues);
  const wantsOffer = mentions(reading, [
    'anything else',
    'further help',
    'more help',
    'further assistance',
    'anything more',
    'offers',
    'other question',
  ]);
  const wantsFarewell = mentions(reading, ['polite', 'goodbye', 'thank', 'farewell', 'closes', 'close ', 'sign off', 'good day']);
  const elements = [
    ...(wantsOffer ? [{ what: 'an offer of further help ("anything else?")', heard: offered !== null, other: otherOffer !== null }] : []),
    ...(wantsFarewell ? [{ what: 'a polite farewell or thanks', heard: farewell !== null, other: otherFarewell !== null }] : []),
  ];
  if (!elements.length)
    elements.push({
      what: 'a closing (further help or a farewell)',
      heard: offered !== null || farewell !== null,
      other: otherOffer !== null || otherFarewell !== null,
    });
  const decisive = offered ?? farewell;
  const other = otherOffer ?? otherFarewell;
  const cue = decisive
    ? wordsOf(words, decisive.start, decisive.end)
    : other
      ? wordsOf(other.words, other.match.start, other.match.end)
      : '';
  const finding = judgeElements(
    last,
    elements.map((e) => ({ what: e.what, ok: e.heard || e.other })),
    cue,
  );
  return finding.found && elements.some((e) => !e.heard) ? { ...finding, note: otherReadingNote } : finding;
}

/** All elements present: found, strength 5; some: not found, strength 3; none: strength 1. */
function judgeElements(turn: Turn, needs: { what: string; ok: boolean }[], cue: string): Finding {
  const met = needs.filter((n) => n.ok).length;
  if (met === needs.length) return foundAt(turn, cue, 5);
  const missing = needs
    .filter((n) => !n.ok)
    .map((n) => n.what)
    .join(' and ');
  return notFound(missing, turn, met > 0 ? 3 : 1);
}
