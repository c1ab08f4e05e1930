/**
 * Words that tell what a number near them is. A number takes the meaning of the nearest cue
 * before it (within a few words), so "order number 4532..." stays an order number even when the
 * digits happen to pass Luhn, and "card ending ... security code 123" is a security code.
 */
export type CueKind = 'card' | 'cvv' | 'expiry' | 'ssn' | 'bank' | 'phone' | 'birth' | 'postal' | 'email' | 'negative';

const CUES: Array<[CueKind, RegExp]> = [
  [
    'cvv',
    /\b(?:security code|security number|cvv2?|cvc2?|cv2|card verification|(?<!last )(?:3|4|three|four)[ -]digits?(?: code| number)?|back of the card|on the back(?! of (?:the|a|my|your|this|that) (?!card))|code on the front)\b/g,
  ],
  ['expiry', /\b(?:expiry|expiration|expires?|expiring|exp|valid until|valid to|valid thru|valid through|good thru)\b/g],
  ['card', /\b(?:card number|credit card|debit card|card|visa|mastercard|master card|amex|american express|discover)\b/g],
  ['ssn', /\b(?:social security|ssn|s s n|ss number|social)\b/g],
  ['bank', /\b(?:account number|account no|account|acct|routing|sort[ -]?code|bank|iban|checking|savings)\b/g],
  [
    'phone',
    /\b(?:phone|telephone|my number|best number|call|calling|callback|call back|reach me|reach you|mobile|cell|landline|text me|contact number)\b/g,
  ],
  ['birth', /\b(?:date of birth|birth date|birthdate|birthday|born|dob|d o b)\b/g],
  ['postal', /\b(?:zip code|zip|zipcode|postcode|post code|postal code)\b/g],
  ['email', /\b(?:email|e mail|e-mail|mail)\b/g],
  [
    'negative',
    /\b(?:order|reference|ref|ticket|tracking|invoice|confirmation|case|claim|policy|serial|item|model|extension|ext|pin|quantity|room|flight|booking)\b/g,
  ],
];

export interface Cue {
  kind: CueKind;
  end: number;
}

/** All cues in the rewritten transcript, sorted by where they end. */
export function findCues(reading: string): Cue[] {
  const cues: Cue[] = [];
  for (const [kind, pattern] of CUES) {
    for (const m of reading.matchAll(pattern)) cues.push({ kind, end: m.index + m[0].length });
  }
  return cues.sort((a, b) => a.end - b.end);
}

/** How far back a cue still speaks for a number: about eight words. */
export const CUE_REACH = 48;

/** The nearest cue ending before `position`, within reach, or undefined. */
export function nearestCue(cues: Cue[], position: number, reach = CUE_REACH): Cue | undefined {
  let found: Cue | undefined;
  for (const cue of cues) {
    if (cue.end > position) break;
    // Cues ending together ("back of the card"): the more specific one, listed first, wins.
    if (position - cue.end <= reach && (found === undefined || cue.end > found.end)) found = cue;
  }
  return found;
}

/** The cues ending before `position` within reach, nearest first (of two ending together, the more specific). */
export function cuesBefore(cues: Cue[], position: number, reach = CUE_REACH): Cue[] {
  return cues.filter((c) => c.end <= position && position - c.end <= reach).sort((a, b) => b.end - a.end);
}

/** Whether any cue of `kind` ends before `position` within reach (not only the nearest one). */
export function hasCue(cues: Cue[], kind: CueKind, position: number, reach = CUE_REACH): boolean {
  return cues.some((c) => c.kind === kind && c.end <= position && position - c.end <= reach);
}
