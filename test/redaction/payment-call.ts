/**
 * A card payment call for the redaction tests: the customer reads a date of birth, a card number
 * (a card network's test number), its expiry and security code, and a social security number.
 * `leakedSecrets` says which of them a text still holds, in digits or in words, however a
 * recogniser punctuated them.
 */
import type { Turn } from '../support/synthesize.js';

export const paymentCall: Turn[] = [
  { speaker: 'A', text: 'Thank you for calling Acme billing, my name is Daniel. Can I take your date of birth please?' },
  { speaker: 'B', text: 'My date of birth is the fourteenth of March nineteen eighty five.' },
  { speaker: 'A', text: 'Thank you. What is the card number?' },
  { speaker: 'B', text: 'The card number is four five three nine, one four eight eight, zero three four three, six four six seven.' },
  { speaker: 'A', text: 'And the expiry date and the security code?' },
  { speaker: 'B', text: 'The expiry date is zero eight twenty seven, and the security code is seven three nine.' },
  { speaker: 'A', text: 'Finally, your social security number please.' },
  { speaker: 'B', text: 'My social security number is five three six, two two, nine eight seven six.' },
  { speaker: 'A', text: 'That was a stupid question, sorry. The payment is done. Is there anything else? Goodbye.' },
];

/** The same card read in groups, each between the agent's back-channel turns (a cue two turns back). */
export const cardReadInGroups = [
  'my card number is four five three nine',
  'mm-hm',
  'one four eight eight',
  'yes',
  'zero three four three',
  'okay',
  'six four six seven',
];

/** What each secret looks like once punctuation is gone: digits, and the words a recogniser writes. */
export const secrets = {
  card: [
    '4539148803436467',
    '4539',
    '1488',
    '0343',
    '6467',
    'four five three nine',
    'one four eight eight',
    'zero three four three',
    'six four six seven',
  ],
  expiry: ['0827', '08 27', 'zero eight twenty seven', 'eight twenty seven'],
  securityCode: ['739', 'seven three nine'],
  socialSecurity: ['536229876', '536', '229876', '9876', 'five three six', 'nine eight seven six'],
  birthDate: ['1985', 'nineteen eighty five', 'fourteenth of march'],
} as const;

export type Secret = keyof typeof secrets;

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const timestamp = /\d{4}-\d{2}-\d{2}[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?/g;

/**
 * The secrets `text` still holds. Ids and timestamps are set aside first (their digits are not
 * the call's), then every non-alphanumeric character is a space, so "536-229876", "five, three"
 * and "08:27" read as they were said; digits said run together are their own needle.
 */
export function leakedSecrets(text: string, which: readonly Secret[] = Object.keys(secrets) as Secret[]): string[] {
  const plain = ` ${text
    .replace(uuid, ' ')
    .replace(timestamp, ' ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')} `;
  // A needle is found as whole words or whole numbers ("739" is not the end of a port number).
  return which.flatMap((kind) => secrets[kind].filter((needle) => plain.includes(` ${needle} `)).map((needle) => `${kind}: ${needle}`));
}
