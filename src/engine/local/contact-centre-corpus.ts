/**
 * A general contact-centre corpus for the domain language model: how agents and customers talk
 * on support calls across industries (telecoms, banking, energy, retail, insurance, travel,
 * healthcare, IT help desks), written for this engine, plus generated number and date phrases.
 * It is deliberately not the development set's scripts: a model built from those would only
 * recognise those calls.
 */
const phrases = `
hello thank you for calling how can i help you today
good morning thank you for calling customer services my name is alex how can i help
good afternoon you are through to the billing team this is james speaking
good evening welcome to technical support you are speaking with anna
hi thanks for calling the help desk what can i do for you
hello you have reached the accounts department how may i help you
morning you are through to customer care how can i help
thank you for holding sorry for the wait how can i help you today
hello is this customer services
hi i am calling about my bill
hello i need some help with my account please
hi there i have a problem with my order
yes hello i was hoping you could help me
i am calling because my internet is not working
my broadband keeps dropping out every evening
my phone has no signal at home
my tv box is not working and it keeps restarting
the router lights are flashing and nothing connects
the internet has been really slow for a couple of weeks
i have no dial tone on my landline
my mobile data stopped working yesterday
i cannot log in to my account online
i forgot my password and the reset link never arrived
my card was declined when i tried to pay
there is a payment on my statement that i do not recognise
i think my card has been stolen
i lost my wallet with my bank card in it
i would like to dispute a transaction
i was charged twice for the same thing
my bill is much higher than usual this month
why has my direct debit gone up
i have been overcharged on my last bill
my meter reading is wrong on the bill
the bill is estimated again and i want to give a reading
i would like to cancel my contract
i want to change my tariff
i am moving house next month and need to move my service
can i change the address on my account
my parcel has not arrived yet
the delivery was supposed to come yesterday
the item arrived damaged and i want a replacement
i received the wrong size and want to return it
i would like a refund for my order
i want to make a claim on my insurance
my car was damaged in an accident
there is a leak in my kitchen and i need to claim
my flight was cancelled and i need to rebook
i need to change my booking to next week
i would like to book an appointment with the doctor
can i reschedule my appointment
i have been waiting for a callback for days
nobody has called me back
this is the third time i have called about this
i am really not happy with the service
this is unacceptable i want to make a complaint
i am sorry i am not very good with technology
sorry i do not understand what that means
sorry can you repeat that please
could you say that again please
can i take your full name please
can i have your name and the first line of your address
can you confirm your date of birth for me please
what is your date of birth
and can you confirm the postcode on the account
what is the postcode please
could you give me the answer to your security question
can you tell me your memorable word
for security can i take a few details
before i go into the account i just need to verify a few details
can i take the account number please
what is your account number
do you have the order number
can you give me the reference number
what are the last four digits of the card
what is the best phone number to contact you on
can you confirm your email address
thank you you have passed security
thank you that all matches
thanks for confirming that
let me just bring up your account
bear with me one moment while i check
can i put you on hold for a moment while i look into this
thank you for holding
i can see the problem on your account
i can see a fault on the line
i can see the payment here
i can see that the discount has ended
i can see two payments went out
i am sorry to hear that
i am really sorry about that
i do apologise for the inconvenience
i completely understand how frustrating that must be
i understand that is really annoying
i can imagine that is stressful
that must be very worrying
oh dear i am sorry about that
do not worry we will get this sorted for you
let us get this sorted out for you
i appreciate your patience
thank you for your patience
i know how important it is to be connected
i have booked an engineer to visit on monday morning
an engineer will visit between eight and one
the technician will call you before they arrive
i have scheduled a callback for tomorrow afternoon
i will call you back tomorrow to check everything is working
i have raised a ticket with our network team
i have escalated this to my manager
i have logged a complaint and someone will contact you within five working days
i have refunded the payment to your card
the refund will show in three to five working days
i have credited your account with ten pounds
i have applied a discount to your bill
i have removed the charge from your account
i have cancelled the direct debit
i have updated your address
i have updated the meter reading and corrected your bill
i have blocked the card so nobody can use it
a new card will arrive in five to seven days
i have ordered a replacement and it will be delivered tomorrow
i have sent you a returns label by email
i have sent a password reset link to your email
i have reset your password
i have opened a dispute for that transaction
i have set up a new direct debit
i have changed your tariff from next month
your service will be back on within two hours
it should start working again in a few minutes
your next bill will be lower
everything is sorted now
that has all been done for you
you will receive a confirmation email shortly
you will get a text to confirm the appointment
unfortunately i am not able to do that
i am afraid that is not something i can change
i am sorry but there is nothing more i can do today
i will need to transfer you to another team
you would need to speak to our claims team
is there anything else i can help you with today
is there anything else at all
can i help with anything else
is that everything for today
thank you for calling have a lovely day
thanks for calling goodbye
thank you for your call take care
have a great day bye
you are welcome have a nice evening
no problem at all
okay that is great thank you
perfect thank you so much
brilliant thanks for your help
that is really helpful thank you
great that works for me
that is fine thank you
okay thanks bye
no that is everything thank you
yes please that would be great
yes that is correct
no that is not right
yes it is
sorry yes
okay
thank you
the payment is due at the end of the month
your balance is two hundred pounds
your contract ends in march
the fee is in your terms and conditions
you can manage this in the app
you can track the parcel online
the order was dispatched this morning
the courier will deliver between nine and five
i will email you a copy of the contract
we will send you a letter to confirm
the policy covers accidental damage
the excess on the policy is one hundred pounds
your flight has been moved to the next day
the appointment is confirmed for thursday at ten
you are booked in for next tuesday
i can offer you a credit as a gesture of goodwill
we cannot guarantee a refund until the investigation is complete
i am sorry you feel that way but that is the policy
that is your fault you should have checked
you should have read the contract before you signed
it is not my problem
that is not our fault
calm down please
are you even listening to me
i have already told you twice
as i said before there is nothing i can do
look i have already explained this
i guarantee you will get your money back
i promise you will get compensation
i promise it will be free for a year
we will definitely refund you in full
i cannot promise anything but i will look into it
`;

const months = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const ordinals = [
  'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth', 'thirteenth',
  'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth', 'eighteenth', 'nineteenth', 'twentieth', 'twenty first', 'twenty second',
  'twenty third', 'twenty fourth', 'twenty fifth', 'twenty sixth', 'twenty seventh', 'twenty eighth', 'twenty ninth', 'thirtieth', 'thirty first',
];
const digits = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const decades = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/**
 * Number and date phrases in the ways callers say them: dates with and without years, years of
 * birth, digit-by-digit identifiers, amounts. Generated in full so no particular value is favoured.
 */
function numberAndDatePhrases(): string[] {
  const out: string[] = [];
  for (const [m, month] of months.entries()) {
    for (const [d, day] of ordinals.entries()) if ((d + m) % 3 === 0) out.push(`on the ${day} of ${month}`, `${month} the ${day}`);
  }
  for (const decade of ['forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety']) {
    out.push(`nineteen ${decade}`);
    for (const digit of digits.slice(1)) out.push(`the ${ordinals[(digit.length * 7) % 28]} of ${months[(digit.length + decade.length) % 12]} nineteen ${decade} ${digit}`);
  }
  out.push('two thousand and one', 'two thousand and five', 'twenty twenty four', 'twenty twenty five', 'twenty twenty six');
  for (let i = 0; i < 40; i += 1) {
    const code = [0, 1, 2, 3, 4, 5].map((k) => digits[(i * 7 + k * 3 + (i >> 2)) % 10]).join(' ');
    out.push(i % 2 ? `it is ${code}` : `the number is ${code}`);
  }
  for (const decade of decades) out.push(`${decade} pounds`, `${decade} dollars`, `${decade} five dollars`, `one hundred and ${decade} pounds`, `${decade} percent`);
  for (const digit of digits.slice(1)) out.push(`${digit} hundred pounds`, `${digit} hundred dollars`, `${digit} working days`, `${digit} o'clock`, `${digit} thirty`);
  for (const day of weekdays) out.push(`on ${day} morning`, `on ${day} afternoon`, `next ${day}`, `this ${day} between eight and one`);
  return out;
}

export function contactCentreSentences(): string[] {
  return [...phrases.split('\n').map((l) => l.trim()).filter(Boolean), ...numberAndDatePhrases()];
}
