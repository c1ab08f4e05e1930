import type { RedactionPolicy } from '../../src/lib/redaction/index.js';

/**
 * Utterances as people say them and as recognisers write them, each with the substrings a careful
 * human would mask. `form`: spoken (numbers as words, punctuated), written (digits, symbols),
 * recogniser (lower case, no punctuation), negative (nothing to mask, or less than it looks).
 * Card numbers used are test numbers from card networks' documentation, never real ones.
 */
export interface LabelledUtterance {
  form: 'spoken' | 'written' | 'recogniser' | 'negative';
  text: string;
  /** `text` is the exact substring, first occurrence. */
  expected: Array<{ policy: RedactionPolicy; text: string }>;
}

const cc = 'credit_card_number' as const;
const cvv = 'credit_card_cvv' as const;
const exp = 'credit_card_expiration' as const;
const ssn = 'us_social_security_number' as const;
const bank = 'banking_information' as const;
const phone = 'phone_number' as const;
const email = 'email_address' as const;
const dob = 'date_of_birth' as const;
const zip = 'postal_code' as const;
const name = 'person_name' as const;
const loc = 'location' as const;

export const LABELLED_UTTERANCES: LabelledUtterance[] = [
  // Card numbers
  {
    form: 'spoken',
    text: 'My card number is four five three two, zero one five one, one two eight three, zero three six six.',
    expected: [{ policy: cc, text: 'four five three two, zero one five one, one two eight three, zero three six six' }],
  },
  {
    form: 'recogniser',
    text: 'its four one one one one one one one one one one one one one one one',
    expected: [{ policy: cc, text: 'four one one one one one one one one one one one one one one one' }],
  },
  {
    form: 'written',
    text: 'Card: 4111 1111 1111 1111, expires 08/27, CVV 737.',
    expected: [
      { policy: cc, text: '4111 1111 1111 1111' },
      { policy: exp, text: '08/27' },
      { policy: cvv, text: '737' },
    ],
  },
  { form: 'written', text: 'the number on the card is 5555-5555-5555-4444', expected: [{ policy: cc, text: '5555-5555-5555-4444' }] },
  { form: 'written', text: 'Amex 378282246310005 please', expected: [{ policy: cc, text: '378282246310005' }] },
  {
    form: 'recogniser',
    text: 'the card is five one oh five one oh five one oh five one oh five one oh oh',
    expected: [{ policy: cc, text: 'five one oh five one oh five one oh five one oh five one oh oh' }],
  },
  {
    form: 'recogniser',
    text: 'card number six oh one one double one one one triple one one one one one seven',
    expected: [{ policy: cc, text: 'six oh one one double one one one triple one one one one one seven' }],
  },
  {
    form: 'spoken',
    text: 'Sure, it is forty five thirty two, zero one fifty one, twelve eighty three, zero three sixty six.',
    expected: [{ policy: cc, text: 'forty five thirty two, zero one fifty one, twelve eighty three, zero three sixty six' }],
  },
  { form: 'written', text: 'I paid with 4012888888881881 yesterday', expected: [{ policy: cc, text: '4012888888881881' }] },
  {
    form: 'recogniser',
    text: 'four five three two zero one five one one two eight three zero three six six one two three',
    expected: [
      { policy: cc, text: 'four five three two zero one five one one two eight three zero three six six' },
      { policy: cvv, text: 'one two three' },
    ],
  },
  // Security codes and expiry
  { form: 'spoken', text: 'The security code on the back is nine eight seven.', expected: [{ policy: cvv, text: 'nine eight seven' }] },
  { form: 'recogniser', text: 'cvv is four four two', expected: [{ policy: cvv, text: 'four four two' }] },
  { form: 'recogniser', text: 'and the three digit code is double five one', expected: [{ policy: cvv, text: 'double five one' }] },
  { form: 'written', text: 'Amex, four digit code on the front 1234.', expected: [{ policy: cvv, text: '1234' }] },
  { form: 'spoken', text: 'It expires oh eight twenty seven.', expected: [{ policy: exp, text: 'oh eight twenty seven' }] },
  { form: 'recogniser', text: 'expiry date is twelve twenty six', expected: [{ policy: exp, text: 'twelve twenty six' }] },
  { form: 'recogniser', text: 'valid until march twenty twenty eight', expected: [{ policy: exp, text: 'march twenty twenty eight' }] },
  {
    form: 'written',
    text: 'Expiration 11/2029 and security code 321',
    expected: [
      { policy: exp, text: '11/2029' },
      { policy: cvv, text: '321' },
    ],
  },
  { form: 'recogniser', text: 'expires oh nine slash two five', expected: [{ policy: exp, text: 'oh nine slash two five' }] },
  // A recogniser that writes "zero eight twenty seven" as a time.
  {
    form: 'recogniser',
    text: 'The expiry date is 08:27 and the security code is 739.',
    expected: [
      { policy: exp, text: '08:27' },
      { policy: cvv, text: '739' },
    ],
  },
  { form: 'negative', text: 'The engineer comes at 10:30 and leaves at 11:45.', expected: [] },
  {
    form: 'written',
    text: 'Visa ending 1881, exp 04/26, CVC 019',
    expected: [
      { policy: exp, text: '04/26' },
      { policy: cvv, text: '019' },
    ],
  },
  // Social security numbers
  { form: 'written', text: 'My SSN is 123-45-6789.', expected: [{ policy: ssn, text: '123-45-6789' }] },
  {
    form: 'recogniser',
    text: 'my social is one two three four five six seven eight nine',
    expected: [{ policy: ssn, text: 'one two three four five six seven eight nine' }],
  },
  {
    form: 'spoken',
    text: 'Social security number: five three six, two two, one oh four eight.',
    expected: [{ policy: ssn, text: 'five three six, two two, one oh four eight' }],
  },
  { form: 'written', text: 'ssn 078 05 1120', expected: [{ policy: ssn, text: '078 05 1120' }] },
  { form: 'written', text: 'It is 219-09-9999 on the form.', expected: [{ policy: ssn, text: '219-09-9999' }] },
  {
    form: 'recogniser',
    text: 'social security number is four one two double seven eight nine oh one',
    expected: [{ policy: ssn, text: 'four one two double seven eight nine oh one' }],
  },
  // Bank details
  {
    form: 'written',
    text: 'Account number 12345678, sort code 20-00-00.',
    expected: [
      { policy: bank, text: '12345678' },
      { policy: bank, text: '20-00-00' },
    ],
  },
  {
    form: 'recogniser',
    text: 'my routing number is oh two one oh oh oh oh two one',
    expected: [{ policy: bank, text: 'oh two one oh oh oh oh two one' }],
  },
  {
    form: 'recogniser',
    text: 'account number is nine eight seven six five four three two one oh',
    expected: [{ policy: bank, text: 'nine eight seven six five four three two one oh' }],
  },
  { form: 'written', text: 'IBAN GB82 WEST 1234 5698 7654 32', expected: [{ policy: bank, text: 'GB82 WEST 1234 5698 7654 32' }] },
  {
    form: 'recogniser',
    text: 'the iban is de89 3704 0044 0532 0130 00',
    expected: [{ policy: bank, text: 'de89 3704 0044 0532 0130 00' }],
  },
  {
    form: 'spoken',
    text: 'Sort code is forty, twelve, seventy six, and the account is three one nine two six eight one nine.',
    expected: [
      { policy: bank, text: 'forty, twelve, seventy six' },
      { policy: bank, text: 'three one nine two six eight one nine' },
    ],
  },
  {
    form: 'written',
    text: 'Routing 026009593, checking account 000123456789',
    expected: [
      { policy: bank, text: '026009593' },
      { policy: bank, text: '000123456789' },
    ],
  },
  // Phone numbers
  { form: 'written', text: 'Call me at (555) 123-4567.', expected: [{ policy: phone, text: '(555) 123-4567' }] },
  {
    form: 'recogniser',
    text: 'you can reach me on five five five double two three four five six seven',
    expected: [{ policy: phone, text: 'five five five double two three four five six seven' }],
  },
  { form: 'written', text: 'my mobile is 07700 900123', expected: [{ policy: phone, text: '07700 900123' }] },
  { form: 'written', text: 'Number is +44 20 7946 0958.', expected: [{ policy: phone, text: '+44 20 7946 0958' }] },
  {
    form: 'spoken',
    text: 'My phone number is oh seven seven, double oh, nine oh oh, one two three.',
    expected: [{ policy: phone, text: 'oh seven seven, double oh, nine oh oh, one two three' }],
  },
  { form: 'written', text: 'the callback number is 212-555-0187', expected: [{ policy: phone, text: '212-555-0187' }] },
  { form: 'recogniser', text: 'call me back on eight hundred', expected: [] },
  {
    form: 'recogniser',
    text: 'my cell is four one five five five five two six seven one',
    expected: [{ policy: phone, text: 'four one five five five five two six seven one' }],
  },
  // Email addresses
  {
    form: 'recogniser',
    text: 'my email is j dot smith at example dot com',
    expected: [{ policy: email, text: 'j dot smith at example dot com' }],
  },
  { form: 'written', text: 'Send it to jane.doe@example.co.uk please.', expected: [{ policy: email, text: 'jane.doe@example.co.uk' }] },
  {
    form: 'spoken',
    text: 'My e-mail address is mark underscore lee at gmail dot com.',
    expected: [{ policy: email, text: 'mark underscore lee at gmail dot com' }],
  },
  { form: 'recogniser', text: 'email is sales at acme dot co dot uk', expected: [{ policy: email, text: 'sales at acme dot co dot uk' }] },
  { form: 'written', text: 'reply to support+billing@convoqa.io', expected: [{ policy: email, text: 'support+billing@convoqa.io' }] },
  // Dates of birth
  {
    form: 'spoken',
    text: 'I was born on the fifth of March, nineteen eighty five.',
    expected: [{ policy: dob, text: 'fifth of March, nineteen eighty five' }],
  },
  { form: 'written', text: 'Date of birth: 03/15/1985.', expected: [{ policy: dob, text: '03/15/1985' }] },
  {
    form: 'recogniser',
    text: 'my date of birth is july twenty first nineteen ninety',
    expected: [{ policy: dob, text: 'july twenty first nineteen ninety' }],
  },
  {
    form: 'recogniser',
    text: 'dob oh four twelve nineteen seventy seven',
    expected: [{ policy: dob, text: 'oh four twelve nineteen seventy seven' }],
  },
  { form: 'written', text: 'My birthday is June 2, 1990.', expected: [{ policy: dob, text: 'June 2, 1990' }] },
  // Postal codes
  { form: 'written', text: 'My zip code is 90210.', expected: [{ policy: zip, text: '90210' }] },
  { form: 'recogniser', text: 'zip is nine oh two one oh', expected: [{ policy: zip, text: 'nine oh two one oh' }] },
  { form: 'written', text: 'Postcode SW1A 1AA.', expected: [{ policy: zip, text: 'SW1A 1AA' }] },
  { form: 'recogniser', text: 'the postcode is m1 1ae', expected: [{ policy: zip, text: 'm1 1ae' }] },
  { form: 'written', text: 'zip 10001-1234', expected: [{ policy: zip, text: '10001-1234' }] },
  // Names
  { form: 'spoken', text: 'Hi, my name is Sarah Johnson.', expected: [{ policy: name, text: 'Sarah Johnson' }] },
  { form: 'recogniser', text: 'hi this is sarah johnson from billing', expected: [{ policy: name, text: 'sarah johnson' }] },
  { form: 'written', text: 'Good morning, Mr. Patel.', expected: [{ policy: name, text: 'Patel' }] },
  { form: 'written', text: 'Hello, Tom speaking, how can I help?', expected: [{ policy: name, text: 'Tom' }] },
  { form: 'recogniser', text: 'my name is ahmed', expected: [{ policy: name, text: 'ahmed' }] },
  { form: 'recogniser', text: 'thank you mrs garcia', expected: [{ policy: name, text: 'garcia' }] },
  // Street addresses
  { form: 'written', text: 'I live at 221 Baker Street, London.', expected: [{ policy: loc, text: '221 Baker Street' }] },
  {
    form: 'recogniser',
    text: 'the address is one two three main street springfield',
    expected: [{ policy: loc, text: 'one two three main street' }],
  },
  { form: 'written', text: 'Ship it to 1600 Pennsylvania Ave please.', expected: [{ policy: loc, text: '1600 Pennsylvania Ave' }] },
  { form: 'recogniser', text: 'it is forty two elm grove', expected: [{ policy: loc, text: 'forty two elm grove' }] },
  {
    form: 'written',
    text: 'Deliver to 10 Downing St, SW1A 2AA',
    expected: [
      { policy: loc, text: '10 Downing St' },
      { policy: zip, text: 'SW1A 2AA' },
    ],
  },
  // Mixed
  {
    form: 'written',
    text: 'This is Anna Berg, card 4111 1111 1111 1111, zip 02139, phone 617-555-0100.',
    expected: [
      { policy: name, text: 'Anna Berg' },
      { policy: cc, text: '4111 1111 1111 1111' },
      { policy: zip, text: '02139' },
      { policy: phone, text: '617-555-0100' },
    ],
  },
  {
    form: 'recogniser',
    text: 'card number four one one one one one one one one one one one one one one one expiry oh one twenty eight security code one two three',
    expected: [
      { policy: cc, text: 'four one one one one one one one one one one one one one one one' },
      { policy: exp, text: 'oh one twenty eight' },
      { policy: cvv, text: 'one two three' },
    ],
  },
  // Found after the rules were written, then fixed
  { form: 'recogniser', text: 'i was born in nineteen eighty', expected: [{ policy: dob, text: 'nineteen eighty' }] },
  { form: 'negative', text: 'this is tuesday right', expected: [] },
  { form: 'recogniser', text: 'it is a two bedroom place at nine oak lane', expected: [{ policy: loc, text: 'nine oak lane' }] },
  {
    form: 'recogniser',
    text: 'card number four one one one one one one one one one one one one one one one and it expires in twenty twenty seven',
    expected: [
      { policy: cc, text: 'four one one one one one one one one one one one one one one one' },
      { policy: exp, text: 'twenty twenty seven' },
    ],
  },
  {
    form: 'recogniser',
    text: 'can you confirm your date of birth yes its the second of april two thousand and one',
    expected: [{ policy: dob, text: 'second of april two thousand and one' }],
  },
  { form: 'negative', text: 'my account was charged twice on the fifth', expected: [] },
  // Hard negatives
  { form: 'negative', text: 'Your order number is 4532 0151 1283 0366.', expected: [] },
  {
    form: 'negative',
    text: 'the order number is four five three two zero one five one one two eight three zero three six six',
    expected: [],
  },
  { form: 'negative', text: 'card number 4532 0151 1283 0367', expected: [] },
  { form: 'negative', text: 'That will be two hundred dollars.', expected: [] },
  { form: 'negative', text: 'The total is $45.99 plus $4.50 shipping.', expected: [] },
  { form: 'negative', text: 'lets meet at three thirty tomorrow', expected: [] },
  { form: 'negative', text: 'I ordered 3 boxes of 250 items.', expected: [] },
  { form: 'negative', text: 'please dial extension 4521', expected: [] },
  { form: 'negative', text: 'transfer me to extension two zero four', expected: [] },
  { form: 'negative', text: 'my appointment is on March 5th, 2024', expected: [] },
  { form: 'negative', text: 'the invoice date was the twelfth of june twenty twenty three', expected: [] },
  { form: 'negative', text: 'tracking number 1Z999AA10123456784', expected: [] },
  { form: 'negative', text: 'reference 5105 1051 0510 5100', expected: [] },
  { form: 'negative', text: 'this is really frustrating', expected: [] },
  { form: 'negative', text: 'this is about my bill from last month', expected: [] },
  { form: 'negative', text: 'I waited 45 minutes on the phone', expected: [] },
  { form: 'negative', text: 'ticket 1234567890 is still open', expected: [] },
  { form: 'negative', text: 'we have 2 more days on the way', expected: [] },
  { form: 'negative', text: 'it costs nineteen ninety nine a month', expected: [] },
  { form: 'negative', text: 'the code is 1234 for the door', expected: [] },
  { form: 'negative', text: 'look at google dot com for that', expected: [] },
  { form: 'negative', text: 'i have been a customer since two thousand and five', expected: [] },
  { form: 'negative', text: 'case number 2024 0315 88', expected: [] },
  { form: 'negative', text: 'i paid 1500 pounds for 12 months', expected: [] },
  { form: 'negative', text: 'my card has been declined three times', expected: [] },
];
