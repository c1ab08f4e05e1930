import { detectListedNames } from './detect-listed-names.js';
import { isNameWord } from './name-words.js';
import type { SpanCandidate } from './span-candidate.js';

const RELATIVE = '(?:wife|husband|partner|son|daughter|father|mother|dad|mum|mom|brother|sister)';
/**
 * What comes before a name: an introduction, a title, a relative ("my father robert chen", "my
 * wife's name maria"), "under the name", "spoke with" in an agent's note, or a note's "Caller:" label.
 */
const TRIGGERS = new RegExp(
  `\\b(?:my name is|my name's|name is|this is|it's|mr\\.?|mrs\\.?|ms\\.?|miss|dr\\.?|mister|missus|` +
    `my ${RELATIVE}|${RELATIVE}(?:'s|s)? name|under the name(?: of)?|in the name of|spoke (?:with|to)|speaking (?:with|to)|` +
    `(?:(?:caller|customer|cust|cardholder|card holder|account holder)(?: name)?|name)\\s*:)\\s+`,
  'gi',
);
const AFTER_RELATIVE = new RegExp(`^my ${RELATIVE}\\s`, 'i');
/** "spoke to Apple Support": a name followed by one of these is a company's. */
const ORGANISATION_AFTER =
  /^\s+(?:support|team|customer|services?|billing|sales|helpdesk|help desk|care|department|inc|ltd|limited|corp|bank)\b/i;
const FILLERS = /^(?:uh|um|umm|er|erm|ah|hmm)\s+/i;
const WORD = /^([A-Za-z][A-Za-z'-]*)(\s+)?/;
/** A word followed by one of these is a verb ("my daughter loves the phone"), not a name. */
const AFTER_VERB = /^(?:the|a|an|to|my|your|his|her|our|their|it|this|that|me|him|them|us)\b/i;

/** Words that follow "I'm" and come before "from" without being a name ("I'm back from holiday"). */
const NOT_NAMES_BEFORE_FROM = new Set(
  'back away far free home out off up down over across safe close near apart different new fresh sick sore glad happy done ready available busy based live local online'.split(
    ' ',
  ),
);
/** An introduction by place of work: "I'm Sarah from accounts", "im sarah jones from acme". */
const INTRODUCTION_FROM =
  /\b(?:i'm|im|i am)\s+([A-Za-z][A-Za-z'-]*)(?:\s+([A-Za-z][A-Za-z'-]*))?\s+from\b(?!\s+(?:now|today|tomorrow|then|here|there|my side|monday|tuesday|wednesday|thursday|friday|saturday|sunday|next)\b)/gi;

function introductionsFrom(text: string, isWritten: boolean): SpanCandidate[] {
  const found: SpanCandidate[] = [];
  for (const m of text.matchAll(INTRODUCTION_FROM)) {
    const first = m[1] ?? '';
    const last = m[2] ?? first;
    if (![first, last].every((w) => isNameWord(w, isWritten, true) && !NOT_NAMES_BEFORE_FROM.has(w.toLowerCase()))) continue;
    const start = m.index + m[0].indexOf(first, m[0].search(/\s/));
    const end = m.index + m[0].lastIndexOf(last) + last.length;
    found.push({ policy: 'person_name', start, end });
  }
  return found;
}

/** A first name, and a surname when one follows, after a trigger (a hesitation between them is skipped), or before "speaking". */
export function detectNames(text: string): SpanCandidate[] {
  const isWritten = /[A-Z]/.test(text);
  const found: SpanCandidate[] = [];
  for (const m of text.matchAll(TRIGGERS)) {
    if (m[0].toLowerCase().startsWith("it's") && !/^\s*[A-Za-z]+\s+(?:speaking|here)\b/i.test(text.slice(m.index + m[0].length))) continue;
    // After "this is" or "my father" a verb or an adjective is as likely as a name.
    const isLoose = /^(?:this is|it's)/i.test(m[0]) || AFTER_RELATIVE.test(m[0]);
    let cursor = m.index + m[0].length;
    const filler = FILLERS.exec(text.slice(cursor));
    if (filler) cursor += filler[0].length;
    const start = cursor;
    let end = cursor;
    for (let words = 0; words < 2; words += 1) {
      const w = WORD.exec(text.slice(cursor));
      if (!w || !isNameWord(w[1], isWritten, isLoose)) break;
      if (isLoose && AFTER_VERB.test(text.slice(cursor + w[0].length))) break;
      end = cursor + w[1].length;
      cursor = end + (w[2]?.length ?? 0);
      if (!w[2]) break;
    }
    if (end > start && !ORGANISATION_AFTER.test(text.slice(end))) found.push({ policy: 'person_name', start, end });
  }
  for (const m of text.matchAll(/\b([A-Za-z][A-Za-z'-]*)\s+speaking\b/g)) {
    if (!isNameWord(m[1], isWritten)) continue;
    const before = text.slice(0, m.index);
    if (/\b(?:am|is|are|was|who|who's|i'm|you're|currently|now|still)\s*$/i.test(before)) continue;
    found.push({ policy: 'person_name', start: m.index, end: m.index + m[1].length });
  }
  found.push(...introductionsFrom(text, isWritten));
  found.push(...detectListedNames(text));
  return found;
}
