import { bank, cc, cvv, dob, email, exp, loc, name, phone, said, ssn, zip, type LabelledUtterance } from './utterance-builder.js';

/**
 * A held-out set: utterances written before the detectors were read, to see how they hold on
 * speech they were not written for. Mostly as a contact-centre recogniser writes it (lower case,
 * no punctuation, numbers as words, "oh", "double", "triple", hesitations, self-corrections),
 * with some chat messages and agent-typed notes, and many hard negatives. Card numbers are card
 * networks' published test numbers (they pass Luhn), never real ones. See docs/redaction.md,
 * "Measured figures".
 */

export const HELD_OUT_UTTERANCES: LabelledUtterance[] = [
  // Card numbers
  said('recogniser', 'okay the card number is five five five five uh five five five five five five five five four four four four', [
    cc,
    'five five five five uh five five five five five five five five four four four four',
  ]),
  said('recogniser', 'its an amex three seven eight two eight two two four six three one oh oh oh five', [
    cc,
    'three seven eight two eight two two four six three one oh oh oh five',
  ]),
  said('recogniser', 'card is six oh one one one one one one one one one one one one one seven', [
    cc,
    'six oh one one one one one one one one one one one one one seven',
  ]),
  said('recogniser', 'yeah its forty one eleven eleven eleven eleven eleven eleven eleven', [
    cc,
    'forty one eleven eleven eleven eleven eleven eleven eleven',
  ]),
  said('recogniser', 'the card is four five three two oh one five one one two eight four sorry one two eight three oh three six six', [
    cc,
    'four five three two oh one five one one two eight four sorry one two eight three oh three six six',
  ]),
  said('recogniser', 'long number on the card triple five five triple five five triple five five triple four four', [
    cc,
    'triple five five triple five five triple five five triple four four',
  ]),
  said('recogniser', 'um my visa is four two four two four two four two four two four two four two four two', [
    cc,
    'four two four two four two four two four two four two four two four two',
  ]),
  said('written', 'card no. 5105-1051-0510-5100 exp 12/28', [cc, '5105-1051-0510-5100'], [exp, '12/28']),
  said('written', 'Cust read PAN 4012 8888 8888 1881, verified', [cc, '4012 8888 8888 1881']),
  said('written', 'amex 3782 822463 10005', [cc, '3782 822463 10005']),
  said('written', 'pls charge 6011000990139424 thx', [cc, '6011000990139424']),

  // Security codes
  said('recogniser', 'the three digits on the back are seven three seven', [cvv, 'seven three seven']),
  said('recogniser', 'security code uh four oh two', [cvv, 'four oh two']),
  said('recogniser', 'the code on the back is um eight one two', [cvv, 'eight one two']),
  said('recogniser', 'the four digit code on the front of the amex is one two three four', [cvv, 'one two three four']),
  said('written', 'CVV: 044', [cvv, '044']),
  said('written', 'cvv2 confirmed 731', [cvv, '731']),
  said('recogniser', 'and the cvc is triple nine', [cvv, 'triple nine']),

  // Expiry dates
  said('recogniser', 'it expires the eighth of twenty seven', [exp, 'eighth of twenty seven']),
  said('recogniser', 'expiration is august twenty seven', [exp, 'august twenty seven']),
  said('recogniser', 'exp date oh three slash twenty nine', [exp, 'oh three slash twenty nine']),
  said('recogniser', 'the expiry is one two two eight', [exp, 'one two two eight']),
  said('written', 'good thru 09/28', [exp, '09/28']),
  said('recogniser', 'expiry date uh oh six twenty six', [exp, 'oh six twenty six']),

  // Social security numbers
  said('recogniser', 'my social is uh five three six two two one oh four eight', [ssn, 'five three six two two one oh four eight']),
  said('recogniser', 'social security number is one two three dash four five dash six seven eight nine', [
    ssn,
    'one two three dash four five dash six seven eight nine',
  ]),
  said('recogniser', 'the last four of my social are six seven eight nine', [ssn, 'six seven eight nine']),
  said('written', 'SSN: 219 09 9999', [ssn, '219 09 9999']),
  said('recogniser', 'my s s n is oh seven eight oh five one one two oh', [ssn, 'oh seven eight oh five one one two oh']),
  said('written', 'cust ssn 536-22-1048 verified', [ssn, '536-22-1048']),

  // Bank details
  said(
    'recogniser',
    'sort code twenty dash forty dash sixty account number double five double seven double nine double one',
    [bank, 'twenty dash forty dash sixty'],
    [bank, 'double five double seven double nine double one'],
  ),
  said('written', 'IBAN: GB29 NWBK 6016 1331 9268 19', [bank, 'GB29 NWBK 6016 1331 9268 19']),
  said('recogniser', 'the iban is gb29nwbk60161331926819', [bank, 'gb29nwbk60161331926819']),
  said('recogniser', 'routing number is oh two six oh oh nine five nine three', [bank, 'oh two six oh oh nine five nine three']),
  said('recogniser', 'my checking account is uh one two three four five six seven eight nine', [
    bank,
    'one two three four five six seven eight nine',
  ]),
  said('written', 'Acct 00012345, SC 40-47-84', [bank, '00012345'], [bank, '40-47-84']),
  said('recogniser', 'the sort code is two oh four oh six oh', [bank, 'two oh four oh six oh']),

  // Phone numbers
  said('recogniser', 'area code five five five eight six seven five three oh nine', [
    phone,
    'five five five eight six seven five three oh nine',
  ]),
  said('recogniser', 'my mobile is oh seven nine one one one two three four five six', [
    phone,
    'oh seven nine one one one two three four five six',
  ]),
  said('recogniser', 'call me back on two one two five five five oh one eight seven', [
    phone,
    'two one two five five five oh one eight seven',
  ]),
  said('written', 'my number is +1 (415) 555-2671', [phone, '+1 (415) 555-2671']),
  said('written', 'phone 555.123.4567', [phone, '555.123.4567']),
  said('recogniser', 'you can get me on eight hundred five five five one two one two', [
    phone,
    'eight hundred five five five one two one two',
  ]),
  said('written', 'cb # 617 555 0100', [phone, '617 555 0100']),
  said('recogniser', 'my cell is four one five uh five five five um two six seven one', [
    phone,
    'four one five uh five five five um two six seven one',
  ]),

  // Email addresses
  said('recogniser', 'its john underscore doe at gmail dot com', [email, 'john underscore doe at gmail dot com']),
  said('recogniser', 'my email is m dot jones eighty four at outlook dot com', [email, 'm dot jones eighty four at outlook dot com']),
  said('recogniser', 'email address is sarah hyphen lee at yahoo dot co dot uk', [email, 'sarah hyphen lee at yahoo dot co dot uk']),
  said('written', 'email: a.kumar@example.org', [email, 'a.kumar@example.org']),
  said('recogniser', 'my email is j o h n at hotmail dot com', [email, 'j o h n at hotmail dot com']),
  said('recogniser', 'you can email me at bob dash smith at company dot net', [email, 'bob dash smith at company dot net']),

  // Dates of birth
  said('recogniser', 'i was born on the fourth of july nineteen eighty two', [dob, 'fourth of july nineteen eighty two']),
  said('recogniser', 'd o b is twelve oh three nineteen ninety', [dob, 'twelve oh three nineteen ninety']),
  said('recogniser', 'date of birth uh the twenty third of may two thousand and four', [dob, 'twenty third of may two thousand and four']),
  said('written', 'DOB 1982-07-04', [dob, '1982-07-04']),
  said('recogniser', 'my birthday is november ninth eighty seven', [dob, 'november ninth eighty seven']),
  said('written', 'dob 7/4/82 confirmed', [dob, '7/4/82']),

  // Postal codes
  said('recogniser', 'the postcode is s w one a one a a', [zip, 's w one a one a a']),
  said('recogniser', 'zip code is one oh oh oh one', [zip, 'one oh oh oh one']),
  said('recogniser', 'my postcode is e c one a one b b', [zip, 'e c one a one b b']),
  said('recogniser', 'zip nine four one oh five', [zip, 'nine four one oh five']),
  said('written', 'ZIP 30301', [zip, '30301']),
  said('recogniser', 'post code b three three eight t h', [zip, 'b three three eight t h']),

  // Names
  said('recogniser', 'hi my name is um david oconnor', [name, 'david oconnor']),
  said('recogniser', 'this is priya speaking', [name, 'priya']),
  said('recogniser', 'can i speak to mister thompson please', [name, 'thompson']),
  said('recogniser', 'the account is under my wifes name maria gonzalez', [name, 'maria gonzalez']),
  said('recogniser', 'thanks for calling my name is kevin how can i help', [name, 'kevin']),
  said('written', 'Spoke with Linda Park re refund', [name, 'Linda Park']),
  said('recogniser', 'im calling for my father robert chen', [name, 'robert chen']),

  // Street addresses
  said('recogniser', 'i live at forty two wallaby way sydney', [loc, 'forty two wallaby way']),
  said('recogniser', 'the address is twelve oak street apartment four b', [loc, 'twelve oak street']),
  said('written', 'ship to 742 Evergreen Terrace, Springfield', [loc, '742 Evergreen Terrace']),
  said('recogniser', 'its uh fifteen twenty two maple avenue', [loc, 'fifteen twenty two maple avenue']),
  said('written', 'new addr 8 Elm Rd', [loc, '8 Elm Rd']),
  said('recogniser', 'send it to three hundred and ten park road', [loc, 'three hundred and ten park road']),

  // Mixed
  said(
    'recogniser',
    'card number four one one one one one one one one one one one one one one one expires august twenty seven and the three digits are two one nine',
    [cc, 'four one one one one one one one one one one one one one one one'],
    [exp, 'august twenty seven'],
    [cvv, 'two one nine'],
  ),
  said(
    'written',
    'Caller: Jane Miller, DOB 03/02/1975, ph 212-555-0143, zip 10001',
    [name, 'Jane Miller'],
    [dob, '03/02/1975'],
    [phone, '212-555-0143'],
    [zip, '10001'],
  ),

  // Hard negatives
  said('negative', 'your order number is one two three four five six seven eight nine oh one two three four five two'),
  said('negative', 'the ticket reference is 1234 5678 9012 3452'),
  said('negative', 'order #5500 0000 0000 0004 has shipped'),
  said('negative', 'that comes to two hundred and forty five dollars'),
  said('negative', 'the technician will be there at ten thirty'),
  said('negative', 'put me through to extension four four one two'),
  said('negative', 'i need three hundred and fifty units'),
  said('negative', 'my appointment is on march third'),
  said('negative', 'i bought it in twenty nineteen'),
  said('negative', 'my flight is b a two eight one'),
  said('negative', 'i have 94105 reward points'),
  said('negative', 'the refund was nine oh two one oh yen'),
  said('negative', 'i am calling about the samsung galaxy s twenty three'),
  said('negative', 'is this the main street branch'),
  said('negative', 'my reference is r e f one two three four five six'),
  said('negative', 'the ticket number is one two three four five six seven eight nine'),
  said('negative', 'the case number is one two three four five six seven eight nine oh'),
  said('negative', 'i waited twenty five minutes on hold'),
  said('negative', 'version two point four point one of the app keeps crashing'),
  said('negative', 'i need to pay my bill on the fifteenth'),
  said('negative', 'the meeting is at two fifteen on june twelfth'),
  said('negative', 'press one for billing'),
  said('negative', 'the company was founded in nineteen eighty two'),
  said('negative', 'the premium is one thousand two hundred and thirty four pounds'),
  said('negative', 'i called three times on the twenty first of march'),
  said('negative', 'we are in room four oh two'),
  said('negative', 'its a twenty eighteen ford focus'),
  said('negative', 'the price went up from nine ninety nine to twelve ninety nine'),
  said('negative', 'the delivery window is eight to twelve'),
  said('negative', 'my sons birthday party is next week'),
  said('negative', 'i ordered four packs of twenty four'),
  said('negative', 'my card expires soon so can you send a new one'),
  said('negative', 'the flight leaves at oh six forty five'),
  said('negative', 'your confirmation code is x y seven four two'),
  said('negative', 'the last four digits of the order are one two three four'),

  // A second probe, written after the fixes the first one led to and scored before the next ones
  // (docs/redaction.md, "Measured figures").
  said('recogniser', 'my card number is four one one one dash one one one one dash one one one one dash one one one one', [
    cc,
    'four one one one dash one one one one dash one one one one dash one one one one',
  ]),
  said('recogniser', 'its five four five four five four five four five four five four five four five four', [
    cc,
    'five four five four five four five four five four five four five four five four',
  ]),
  said('recogniser', 'the amex is thirty seven fourteen forty nine sixty three fifty three ninety eight four three one', [
    cc,
    'thirty seven fourteen forty nine sixty three fifty three ninety eight four three one',
  ]),
  said('recogniser', 'card number is two two two three oh oh three one two two oh oh three two two two', [
    cc,
    'two two two three oh oh three one two two oh oh three two two two',
  ]),
  said('written', 'my cc is 4242 4242 4242 4242 exp 11/26 cvc 123', [cc, '4242 4242 4242 4242'], [exp, '11/26'], [cvv, '123']),
  said('recogniser', 'it expires in september of twenty seven', [exp, 'september of twenty seven']),
  said('recogniser', 'expiration date is oh five slash two eight', [exp, 'oh five slash two eight']),
  said('recogniser', 'the cvv number is um three four five', [cvv, 'three four five']),
  said('recogniser', 'security number on the back five six seven', [cvv, 'five six seven']),
  said('recogniser', 'social security is four four four dash five five dash six six six six', [
    ssn,
    'four four four dash five five dash six six six six',
  ]),
  said('recogniser', 'its my social uh three two one six five four nine eight seven', [
    ssn,
    'three two one six five four nine eight seven',
  ]),
  said('recogniser', 'sort code is oh one dash two three dash four five', [bank, 'oh one dash two three dash four five']),
  said('recogniser', 'my bank account number is double four double five six seven eight nine', [
    bank,
    'double four double five six seven eight nine',
  ]),
  said('recogniser', 'routing is one two one oh oh oh three five eight', [bank, 'one two one oh oh oh three five eight']),
  said('recogniser', 'my number is oh two oh seven nine four six oh nine five eight', [
    phone,
    'oh two oh seven nine four six oh nine five eight',
  ]),
  said('recogniser', 'text me at three one two five five five oh one nine nine', [phone, 'three one two five five five oh one nine nine']),
  said('recogniser', 'call me on plus four four seven seven double oh nine double oh one two three', [
    phone,
    'four four seven seven double oh nine double oh one two three',
  ]),
  said('recogniser', 'my email is anna dot b at icloud dot com', [email, 'anna dot b at icloud dot com']),
  said('recogniser', 'email is k smith one at yahoo dot com', [email, 'k smith one at yahoo dot com']),
  said('recogniser', 'send the receipt to lee dot w at live dot co dot uk', [email, 'lee dot w at live dot co dot uk']),
  said('recogniser', 'my date of birth is the first of january nineteen sixty', [dob, 'first of january nineteen sixty']),
  said('recogniser', 'born twelve twelve eighty nine', [dob, 'twelve twelve eighty nine']),
  said('recogniser', 'i was born march third nineteen seventy one', [dob, 'march third nineteen seventy one']),
  said('recogniser', 'zip code is three three one three nine', [zip, 'three three one three nine']),
  said('recogniser', 'postcode n w three two q y', [zip, 'n w three two q y']),
  said('recogniser', 'my zip is uh six oh six one one', [zip, 'six oh six one one']),
  said('recogniser', 'yes this is margaret', [name, 'margaret']),
  said('recogniser', 'you are speaking with emily', [name, 'emily']),
  said('recogniser', 'hello am i speaking to mrs wong', [name, 'wong']),
  said('recogniser', 'my husband derek handles the bills', [name, 'derek']),
  said('written', 'Customer name: Rachel Adams', [name, 'Rachel Adams']),
  said('recogniser', 'i live at one fourteen harbor drive', [loc, 'one fourteen harbor drive']),
  said('recogniser', 'my address is fifty five cedar lane apartment two', [loc, 'fifty five cedar lane']),
  said('recogniser', 'we are at ninety one high street', [loc, 'ninety one high street']),
  said('negative', 'i spoke to someone in billing yesterday'),
  said('negative', 'my husband wants to cancel the plan'),
  said('negative', 'my father passed away last month'),
  said('negative', 'my son is on the account too'),
  said('negative', 'i signed up at gmail dot com'),
  said('negative', 'the total is three hundred and twelve pounds'),
  said('negative', 'it was three hundred five dollars'),
  said('negative', 'order four five six sorry four five seven'),
  said('negative', 'i was charged twice sorry three times'),
  said('negative', 'the meeting was on the eighth of june'),
  said('negative', 'the offer expires on the first of may'),
  said('negative', 'i have three kids aged four six and nine'),
  said('negative', 'the flight number is u a nine two one'),
  said('negative', 'call me at five tomorrow'),
  said('negative', 'room two oh four at the marriott'),
  said('negative', 'the meeting is at fifteen thirty on the twelfth of march'),
  said('negative', 'spoke to a supervisor about the refund'),
  said('negative', 'the price is 12.99 or 129.99'),
  said('negative', 'the last four digits of my card are four two four two'),
  said('negative', 'the code on the back of the box is four five six'),
  said('negative', 'we had about three hundred people there'),
  said('negative', 'my daughter loves the new phone'),
  said('negative', 'my wife and i both use it'),
  said('negative', 'i waited from nine fifteen to ten forty five'),
  said('negative', 'the router model is r seven thousand'),
  said('negative', 'i paid four hundred and ninety nine ninety nine for it'),

  // A third probe, tried after the second one's fixes, aimed at what docs/redaction.md said it could
  // not do; the names and the address without a street word are still missed.
  said('recogniser', 'the iban is g b two nine n w b k six oh one six one three three one nine two six eight one nine', [
    bank,
    'g b two nine n w b k six oh one six one three three one nine two six eight one nine',
  ]),
  said('recogniser', 'my email is tina at tina designs dot com', [email, 'tina at tina designs dot com']),
  said('recogniser', 'my number is five five five one two three four', [phone, 'five five five one two three four']),
  said('recogniser', 'the zip on the account is nine oh two one oh', [zip, 'nine oh two one oh']),
  said('recogniser', 'yeah so sarah will call you back', [name, 'sarah']),
  said('recogniser', 'im sarah from accounts', [name, 'sarah']),
  said('recogniser', 'i live at forty two wallaby', [loc, 'forty two wallaby']),
  said('negative', 'we spoke to Apple Support last week'),
  said('negative', 'my reference is r e f one two three four five six seven eight nine oh one two three four'),
  said('negative', 'i need a double room for two nights'),
  // A card misheard by one digit is masked after a card word (docs/redaction.md, "Precision rules").
  said('recogniser', 'my card number is four one one one one one one one one one one one one one one two', [
    cc,
    'four one one one one one one one one one one one one one one two',
  ]),

  // A fourth probe, tried after the third one's fixes: a correction that restates a whole code.
  said('recogniser', 'the cvv is seven three seven sorry seven three eight', [cvv, 'seven three seven sorry seven three eight']),
  said('recogniser', 'my number is five five five one two three sorry one two three four', [
    phone,
    'five five five one two three sorry one two three four',
  ]),
  said('negative', 'my account has been charged forty five dollars no sorry fifty five'),
  said('negative', 'the security code is on the back'),
  said('negative', 'i bought five hundred shares'),
  said('negative', 'we are in room three hundred and two'),

  // A fifth probe, of names only, written after the first-name list's rules and scored once, not
  // tuned on (docs/redaction.md, "Names"): two of its sixteen names are missed.
  said('recogniser', 'hi caroline its just about your appointment', [name, 'caroline']),
  said('recogniser', 'i was told by a man called derek that it was sorted', [name, 'derek']),
  said('recogniser', 'is mrs achterberg available', [name, 'achterberg']),
  said('recogniser', 'can i check im speaking to the account holder mr gupta', [name, 'gupta']),
  said('recogniser', 'brilliant thanks for that fiona', [name, 'fiona']),
  said('recogniser', 'my daughter megan uses the phone', [name, 'megan']),
  said('recogniser', 'the surname is dubois d u b o i s', [name, 'dubois'], [name, 'd u b o i s']),
  said('recogniser', 'karen from complaints will call you', [name, 'karen']),
  said('recogniser', 'hello alistair thanks for waiting', [name, 'alistair']),
  said('recogniser', 'i dealt with a chap named russell', [name, 'russell']),
  said('recogniser', 'its in my mums name margaret ellis', [name, 'margaret ellis']),
  said('recogniser', 'pass this on to stuart would you', [name, 'stuart']),
  said('recogniser', 'right then hannah lets get that sorted', [name, 'hannah']),
  said('recogniser', 'sorry gemma can you repeat that', [name, 'gemma']),
  said('written', 'Hi Rajesh, thanks for calling Acme.', [name, 'Rajesh']),
  said('negative', 'hi can you hear me'),
  said('negative', 'thanks that helps'),
  said('negative', 'my daughter loves the new phone'),
  said('negative', 'the router is with the engineer'),
  said('negative', 'it was the delivery driver'),
  said('negative', 'i spoke to the shop'),
  said('negative', 'we can talk to your provider'),
  said('negative', 'thats what i was told'),
  said('negative', 'send it to the usual address'),
  said('negative', 'its for the business account'),
  said('negative', 'right thank you bye'),
  said('negative', 'sorry i missed that'),
  said('negative', 'the credit will show next month'),
  said('negative', 'it came with a charger'),
  said('negative', 'ok so the refund was processed'),
  said('negative', 'i went to the store on saturday'),
  said('negative', 'hello is anybody there'),
  said('negative', 'my surname is on the letter'),
  said('negative', 'please hold the line'),
  said('negative', 'she was really helpful'),
];
