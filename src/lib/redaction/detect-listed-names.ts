import { isKnownFirstName, isFirstNameByPlace } from './first-names.js';
import { isNameWord } from './name-words.js';
import type { SpanCandidate } from './span-candidate.js';

/**
 * Names the cue words of detect-names.ts do not introduce, found with the first-name lists of
 * first-names.ts (docs/redaction.md, "Names"):
 *  - after a cue that may also lead to other words: "called", "named", "call me", "speak to",
 *    "ask for", "is under", "that's"; or within six words after "name" ("the name on the card is
 *    laura jones", "what's your name again anna"): a listed name, and the next word when it can be
 *    a surname (name-words.ts);
 *  - addressed to someone: after a greeting, thanks or an acknowledgement ("thank you sarah",
 *    "right sophie", "please hold rachel") or before a goodbye ("chloe bye"), or after someone the
 *    caller knows ("my colleague david", not "my neighbour next door"): a listed name;
 *  - by its place alone, for a name that is no English word and no place: before a person's verb
 *    ("so sarah will call you back", "priya from billing"), after "to", "with", "was", "that",
 *    "for", "by" ("talking to natalie"), or last in a sentence ("thanks for holding peter");
 *  - spelled out: single letters followed by the word they spell ("k o w a l s k i kowalski").
 * Outside the naming cues a surname is taken only when written with a capital: in lower case the
 * next word is as often the sentence going on.
 */
const NAMING_CUES = /\b(?:called|named|call me|speak (?:to|with)|ask for|(?:is|booked|registered|listed|it's|its) under|that's|thats)\s+/gi;
const ADDRESSING_CUES =
  /\b(?:thank you|thanks|cheers|hi|hiya|hello|hey|morning|afternoon|evening|bye|goodbye|sorry|ok|okay|right|alright|yes|yeah|no|well|please hold|hold on|soon|great|lovely|perfect|brilliant|dear)\s+/gi;
/** Someone the caller knows, whose name may follow or not ("my neighbour next door"): a listed name only. */
const ACQUAINTANCE =
  /\bmy (?:colleague|friend|neighbour|neighbor|landlord|landlady|boss|flatmate|carer|nephew|niece|aunt|auntie|uncle|cousin|grandson|granddaughter|grandmother|grandfather|nan|gran|fiance|fiancee|boyfriend|girlfriend)\s+/gi;
const BEFORE_GOODBYE = /\b([A-Za-z][A-Za-z'-]*)\s+(?:bye|goodbye|thanks|thank you)\b/gi;
/** Where a name is the person spoken to or of: "talking to natalie", "it was claire who", "is that helen". */
const BEFORE_A_PERSON = /\b(?:to|with|was|that|for|by)\s+/gi;
/** The last word of a sentence or utterance, where a name is the person spoken to ("thanks for holding peter"). */
const LAST_WORD = /\b([A-Za-z][A-Za-z'-]*)\s*(?:[.!?,]|$)/g;
/** A person doing something: "so sarah will call you back", "david said", "priya from billing". */
const BEFORE_A_PERSONS_VERB =
  /\b([A-Za-z][A-Za-z'-]*)\s+(?:will|would|can|could|should|said|says|told|asked|rang|phoned|called|emailed|mentioned|promised|explained|from)\b/gi;
const NAME_WORD = /\bname(?:'s|s)?\b/gi;
const WORDS_AFTER_NAME = 6;
const WORD = /[A-Za-z][A-Za-z'-]*/g;
/** Single letters spelled out, then a word: "s m y t h e smythe". */
const SPELLED = /\b((?:[a-z]\s+){2,}[a-z])\s+([a-z][a-z'-]*)\b/gi;

/** A word that follows a name as the sentence going on, not as a surname ("rachel while i check"). */
const NOT_SURNAMES = new Set('while whilst ive id ill im bye goodbye thanks cheers mate love then there'.split(' '));

/**
 * The span of a listed first name at `start` and its surname (`surname`: any word that can be one,
 * or only a capitalised one); null if the word there is not a listed first name.
 */
function listedNameAt(text: string, start: number, surname: 'any' | 'capitalised', byPlace = false): SpanCandidate | null {
  const first = /^[A-Za-z][A-Za-z'-]*/.exec(text.slice(start))?.[0];
  const isWritten = /[A-Z]/.test(text);
  if (!first || !isNameWord(first, isWritten) || !(byPlace ? isFirstNameByPlace(first) : isKnownFirstName(first))) return null;
  let end = start + first.length;
  const next = /^\s+([A-Za-z][A-Za-z'-]*)/.exec(text.slice(end));
  const word = next?.[1] ?? '';
  const takes =
    next &&
    isNameWord(word, isWritten) &&
    !NOT_SURNAMES.has(word.toLowerCase()) &&
    (surname === 'any' || (isWritten && /^[A-Z][a-z]/.test(word)));
  if (takes) end += next[0].length;
  return { policy: 'person_name', start, end };
}

function spelledNames(text: string): SpanCandidate[] {
  const found: SpanCandidate[] = [];
  for (const m of text.matchAll(SPELLED)) {
    const letters = (m[1] ?? '').replace(/\s+/g, '');
    if (letters.toLowerCase() === (m[2] ?? '').toLowerCase().replace(/['-]/g, ''))
      found.push({ policy: 'person_name', start: m.index, end: m.index + m[0].length });
  }
  return found;
}

export function detectListedNames(text: string): SpanCandidate[] {
  const found: SpanCandidate[] = [];
  const add = (span: SpanCandidate | null) => {
    if (span) found.push(span);
  };
  for (const m of text.matchAll(NAMING_CUES)) add(listedNameAt(text, m.index + m[0].length, 'any'));
  for (const m of text.matchAll(ADDRESSING_CUES)) add(listedNameAt(text, m.index + m[0].length, 'capitalised'));
  for (const m of text.matchAll(ACQUAINTANCE)) add(listedNameAt(text, m.index + m[0].length, 'capitalised'));
  for (const m of text.matchAll(BEFORE_GOODBYE)) add(listedNameAt(text, m.index, 'capitalised'));
  for (const m of text.matchAll(BEFORE_A_PERSONS_VERB)) add(listedNameAt(text, m.index, 'capitalised', true));
  for (const m of text.matchAll(BEFORE_A_PERSON)) add(listedNameAt(text, m.index + m[0].length, 'capitalised', true));
  for (const m of text.matchAll(LAST_WORD)) add(listedNameAt(text, m.index, 'capitalised', true));
  for (const m of text.matchAll(NAME_WORD)) {
    const after = m.index + m[0].length;
    let words = 0;
    for (const w of text.slice(after).matchAll(WORD)) {
      if ((words += 1) > WORDS_AFTER_NAME) break;
      const span = listedNameAt(text, after + w.index, 'any');
      if (span) {
        found.push(span);
        break;
      }
    }
  }
  found.push(...spelledNames(text));
  return found;
}
