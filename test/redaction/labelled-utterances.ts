import { bank, cc, cvv, dob, email, exp, loc, name, phone, said, ssn, zip, type LabelledUtterance } from './utterance-builder.js';

export type { LabelledUtterance } from './utterance-builder.js';

/**
 * The development set: utterances written with the detectors, each with the substrings a careful
 * human would mask (utterance-builder.ts). Card numbers used are test numbers from card networks'
 * documentation, never real ones.
 */
export const LABELLED_UTTERANCES: LabelledUtterance[] = [
  // Card numbers
  said('spoken', 'My card number is four five three two, zero one five one, one two eight three, zero three six six.', [
    cc,
    'four five three two, zero one five one, one two eight three, zero three six six',
  ]),
  said('recogniser', 'its four one one one one one one one one one one one one one one one', [
    cc,
    'four one one one one one one one one one one one one one one one',
  ]),
  said('written', 'Card: 4111 1111 1111 1111, expires 08/27, CVV 737.', [cc, '4111 1111 1111 1111'], [exp, '08/27'], [cvv, '737']),
  said('written', 'the number on the card is 5555-5555-5555-4444', [cc, '5555-5555-5555-4444']),
  said('written', 'Amex 378282246310005 please', [cc, '378282246310005']),
  said('recogniser', 'the card is five one oh five one oh five one oh five one oh five one oh oh', [
    cc,
    'five one oh five one oh five one oh five one oh five one oh oh',
  ]),
  said('recogniser', 'card number six oh one one double one one one triple one one one one one seven', [
    cc,
    'six oh one one double one one one triple one one one one one seven',
  ]),
  said('spoken', 'Sure, it is forty five thirty two, zero one fifty one, twelve eighty three, zero three sixty six.', [
    cc,
    'forty five thirty two, zero one fifty one, twelve eighty three, zero three sixty six',
  ]),
  said('written', 'I paid with 4012888888881881 yesterday', [cc, '4012888888881881']),
  said(
    'recogniser',
    'four five three two zero one five one one two eight three zero three six six one two three',
    [cc, 'four five three two zero one five one one two eight three zero three six six'],
    [cvv, 'one two three'],
  ),
  // Security codes and expiry
  said('spoken', 'The security code on the back is nine eight seven.', [cvv, 'nine eight seven']),
  said('recogniser', 'cvv is four four two', [cvv, 'four four two']),
  said('recogniser', 'and the three digit code is double five one', [cvv, 'double five one']),
  said('written', 'Amex, four digit code on the front 1234.', [cvv, '1234']),
  said('spoken', 'It expires oh eight twenty seven.', [exp, 'oh eight twenty seven']),
  said('recogniser', 'expiry date is twelve twenty six', [exp, 'twelve twenty six']),
  said('recogniser', 'valid until march twenty twenty eight', [exp, 'march twenty twenty eight']),
  said('written', 'Expiration 11/2029 and security code 321', [exp, '11/2029'], [cvv, '321']),
  said('recogniser', 'expires oh nine slash two five', [exp, 'oh nine slash two five']),
  // A recogniser that writes "zero eight twenty seven" as a time.
  said('recogniser', 'The expiry date is 08:27 and the security code is 739.', [exp, '08:27'], [cvv, '739']),
  said('negative', 'The engineer comes at 10:30 and leaves at 11:45.'),
  said('written', 'Visa ending 1881, exp 04/26, CVC 019', [exp, '04/26'], [cvv, '019']),
  // Social security numbers
  said('written', 'My SSN is 123-45-6789.', [ssn, '123-45-6789']),
  said('recogniser', 'my social is one two three four five six seven eight nine', [ssn, 'one two three four five six seven eight nine']),
  said('spoken', 'Social security number: five three six, two two, one oh four eight.', [
    ssn,
    'five three six, two two, one oh four eight',
  ]),
  said('written', 'ssn 078 05 1120', [ssn, '078 05 1120']),
  said('written', 'It is 219-09-9999 on the form.', [ssn, '219-09-9999']),
  said('recogniser', 'social security number is four one two double seven eight nine oh one', [
    ssn,
    'four one two double seven eight nine oh one',
  ]),
  // Bank details
  said('written', 'Account number 12345678, sort code 20-00-00.', [bank, '12345678'], [bank, '20-00-00']),
  said('recogniser', 'my routing number is oh two one oh oh oh oh two one', [bank, 'oh two one oh oh oh oh two one']),
  said('recogniser', 'account number is nine eight seven six five four three two one oh', [
    bank,
    'nine eight seven six five four three two one oh',
  ]),
  said('written', 'IBAN GB82 WEST 1234 5698 7654 32', [bank, 'GB82 WEST 1234 5698 7654 32']),
  said('recogniser', 'the iban is de89 3704 0044 0532 0130 00', [bank, 'de89 3704 0044 0532 0130 00']),
  said(
    'spoken',
    'Sort code is forty, twelve, seventy six, and the account is three one nine two six eight one nine.',
    [bank, 'forty, twelve, seventy six'],
    [bank, 'three one nine two six eight one nine'],
  ),
  said('written', 'Routing 026009593, checking account 000123456789', [bank, '026009593'], [bank, '000123456789']),
  // Phone numbers
  said('written', 'Call me at (555) 123-4567.', [phone, '(555) 123-4567']),
  said('recogniser', 'you can reach me on five five five double two three four five six seven', [
    phone,
    'five five five double two three four five six seven',
  ]),
  said('written', 'my mobile is 07700 900123', [phone, '07700 900123']),
  said('written', 'Number is +44 20 7946 0958.', [phone, '+44 20 7946 0958']),
  said('spoken', 'My phone number is oh seven seven, double oh, nine oh oh, one two three.', [
    phone,
    'oh seven seven, double oh, nine oh oh, one two three',
  ]),
  said('written', 'the callback number is 212-555-0187', [phone, '212-555-0187']),
  said('recogniser', 'call me back on eight hundred'),
  said('recogniser', 'my cell is four one five five five five two six seven one', [
    phone,
    'four one five five five five two six seven one',
  ]),
  // Email addresses
  said('recogniser', 'my email is j dot smith at example dot com', [email, 'j dot smith at example dot com']),
  said('written', 'Send it to jane.doe@example.co.uk please.', [email, 'jane.doe@example.co.uk']),
  said('spoken', 'My e-mail address is mark underscore lee at gmail dot com.', [email, 'mark underscore lee at gmail dot com']),
  said('recogniser', 'email is sales at acme dot co dot uk', [email, 'sales at acme dot co dot uk']),
  said('written', 'reply to support+billing@convoqa.io', [email, 'support+billing@convoqa.io']),
  // Dates of birth
  said('spoken', 'I was born on the fifth of March, nineteen eighty five.', [dob, 'fifth of March, nineteen eighty five']),
  said('written', 'Date of birth: 03/15/1985.', [dob, '03/15/1985']),
  said('recogniser', 'my date of birth is july twenty first nineteen ninety', [dob, 'july twenty first nineteen ninety']),
  said('recogniser', 'dob oh four twelve nineteen seventy seven', [dob, 'oh four twelve nineteen seventy seven']),
  said('written', 'My birthday is June 2, 1990.', [dob, 'June 2, 1990']),
  // Postal codes
  said('written', 'My zip code is 90210.', [zip, '90210']),
  said('recogniser', 'zip is nine oh two one oh', [zip, 'nine oh two one oh']),
  said('written', 'Postcode SW1A 1AA.', [zip, 'SW1A 1AA']),
  said('recogniser', 'the postcode is m1 1ae', [zip, 'm1 1ae']),
  said('written', 'zip 10001-1234', [zip, '10001-1234']),
  // Names
  said('spoken', 'Hi, my name is Sarah Johnson.', [name, 'Sarah Johnson']),
  said('recogniser', 'hi this is sarah johnson from billing', [name, 'sarah johnson']),
  said('written', 'Good morning, Mr. Patel.', [name, 'Patel']),
  said('written', 'Hello, Tom speaking, how can I help?', [name, 'Tom']),
  said('recogniser', 'my name is ahmed', [name, 'ahmed']),
  said('recogniser', 'thank you mrs garcia', [name, 'garcia']),
  // Street addresses
  said('written', 'I live at 221 Baker Street, London.', [loc, '221 Baker Street']),
  said('recogniser', 'the address is one two three main street springfield', [loc, 'one two three main street']),
  said('written', 'Ship it to 1600 Pennsylvania Ave please.', [loc, '1600 Pennsylvania Ave']),
  said('recogniser', 'it is forty two elm grove', [loc, 'forty two elm grove']),
  said('written', 'Deliver to 10 Downing St, SW1A 2AA', [loc, '10 Downing St'], [zip, 'SW1A 2AA']),
  // Mixed
  said(
    'written',
    'This is Anna Berg, card 4111 1111 1111 1111, zip 02139, phone 617-555-0100.',
    [name, 'Anna Berg'],
    [cc, '4111 1111 1111 1111'],
    [zip, '02139'],
    [phone, '617-555-0100'],
  ),
  said(
    'recogniser',
    'card number four one one one one one one one one one one one one one one one expiry oh one twenty eight security code one two three',
    [cc, 'four one one one one one one one one one one one one one one one'],
    [exp, 'oh one twenty eight'],
    [cvv, 'one two three'],
  ),
  // Found after the rules were written, then fixed
  said('recogniser', 'i was born in nineteen eighty', [dob, 'nineteen eighty']),
  said('negative', 'this is tuesday right'),
  said('recogniser', 'it is a two bedroom place at nine oak lane', [loc, 'nine oak lane']),
  said(
    'recogniser',
    'card number four one one one one one one one one one one one one one one one and it expires in twenty twenty seven',
    [cc, 'four one one one one one one one one one one one one one one one'],
    [exp, 'twenty twenty seven'],
  ),
  said('recogniser', 'can you confirm your date of birth yes its the second of april two thousand and one', [
    dob,
    'second of april two thousand and one',
  ]),
  said('negative', 'my account was charged twice on the fifth'),
  // Hard negatives
  said('negative', 'Your order number is 4532 0151 1283 0366.'),
  said('negative', 'the order number is four five three two zero one five one one two eight three zero three six six'),
  said('negative', 'card number 4532 0151 1283 0367'),
  said('negative', 'That will be two hundred dollars.'),
  said('negative', 'The total is $45.99 plus $4.50 shipping.'),
  said('negative', 'lets meet at three thirty tomorrow'),
  said('negative', 'I ordered 3 boxes of 250 items.'),
  said('negative', 'please dial extension 4521'),
  said('negative', 'transfer me to extension two zero four'),
  said('negative', 'my appointment is on March 5th, 2024'),
  said('negative', 'the invoice date was the twelfth of june twenty twenty three'),
  said('negative', 'tracking number 1Z999AA10123456784'),
  said('negative', 'reference 5105 1051 0510 5100'),
  said('negative', 'this is really frustrating'),
  said('negative', 'this is about my bill from last month'),
  said('negative', 'I waited 45 minutes on the phone'),
  said('negative', 'ticket 1234567890 is still open'),
  said('negative', 'we have 2 more days on the way'),
  said('negative', 'it costs nineteen ninety nine a month'),
  said('negative', 'the code is 1234 for the door'),
  said('negative', 'look at google dot com for that'),
  said('negative', 'i have been a customer since two thousand and five'),
  said('negative', 'case number 2024 0315 88'),
  said('negative', 'i paid 1500 pounds for 12 months'),
  said('negative', 'my card has been declined three times'),
];
