/**
 * The held-out set: calls, an evaluator wording and voices the engine was never tuned on, kept
 * apart so the bench can report honest figures (npm run bench:engine). Do not tune on it.
 */
import type { EvaluatorSpec, FieldSpec, LabelledCall } from './labelled-call.js';
import type { SummaryFacts } from './summary-facts.js';

export const heldOutEvaluator: EvaluatorSpec = {
  context: 'Quality review of calls to Northfield Bank card services. Agents answer cardholders.',
  criteria: [
    {
      id: 'opening',
      name: 'Professional opening',
      description: 'Agent greets the caller and states the bank name and their name.',
      type: 'boolean',
      weight: 15,
    },
    {
      id: 'security',
      name: 'Security check',
      description: 'Agent completes security by confirming the security question answer or date of birth before giving account details.',
      type: 'strict',
      weight: 0,
    },
    { id: 'care', name: 'Customer care', description: 'Agent shows empathy and reassures the customer.', type: 'scale', weight: 25 },
    {
      id: 'outcome',
      name: 'Issue resolved',
      description: 'Agent fixes the problem or sets up a clear next step with a timeframe.',
      type: 'boolean',
      weight: 30,
    },
    {
      id: 'tone',
      name: 'Professional tone',
      description: 'Agent is never rude, sarcastic or condescending and never blames the cardholder.',
      type: 'strict',
      weight: 0,
    },
    {
      id: 'commitments',
      name: 'No guarantees',
      description: 'Agent does not guarantee refunds or outcomes before a dispute is investigated.',
      type: 'strict',
      weight: 0,
    },
    {
      id: 'wrapup',
      name: 'Wrap-up',
      description: 'Agent offers further help and thanks the caller at the end.',
      type: 'boolean',
      weight: 10,
    },
  ],
};

export const heldOutFields: FieldSpec[] = [
  { name: 'card_last_four', type: 'number', description: 'Last four digits of the card' },
  { name: 'dispute_amount', type: 'number', description: 'Amount disputed in dollars' },
  { name: 'new_card_date', type: 'date', description: 'When the replacement card arrives' },
];

const allPass = {
  opening: 'PASS',
  security: 'PASS',
  care: 'PASS',
  outcome: 'PASS',
  tone: 'PASS',
  commitments: 'PASS',
  wrapup: 'PASS',
} as const;

export const heldOutCalls: LabelledCall[] = [
  {
    id: 'held-01-lost-card',
    about: 'compliant: lost card blocked and replaced',
    agent: 'A',
    recordedAt: '2026-03-09T09:00:00Z',
    turns: [
      { speaker: 'A', text: 'Good morning, Northfield Bank card services, my name is Helen. How may I help?' },
      { speaker: 'B', text: 'I think I left my card in a taxi last night.' },
      {
        speaker: 'A',
        text: 'Oh dear, I am sorry, that is worrying. Let me help. Could you tell me your date of birth and the answer to your security question?',
      },
      { speaker: 'B', text: 'The sixth of September nineteen seventy seven, and the answer is Oakwood.' },
      {
        speaker: 'A',
        text: 'Thank you, that is all confirmed. I have blocked the card ending four two one eight, and a new card will arrive on the twelfth of March.',
      },
      { speaker: 'B', text: 'What a relief, thank you.' },
      { speaker: 'A', text: 'Is there anything else I can help you with today? Thank you for calling Northfield Bank.' },
    ],
    expected: { ...allPass },
    criticalFail: false,
    fields: { card_last_four: 4218, dispute_amount: null, new_card_date: '2026-03-12' },
  },
  {
    id: 'held-02-guaranteed-refund',
    about: 'strict breach: guarantees a disputed refund',
    agent: 'B',
    recordedAt: '2026-04-21T13:30:00Z',
    turns: [
      { speaker: 'A', text: 'Hi there, I have a payment on my card that I did not make.' },
      {
        speaker: 'B',
        text: 'Hello, you are speaking with Northfield Bank, this is Ryan. I am sorry to hear that. Can I take your date of birth first?',
      },
      { speaker: 'A', text: 'Yes, the fourteenth of January nineteen ninety.' },
      { speaker: 'B', text: 'And your security answer please?' },
      { speaker: 'A', text: 'Blue. The payment is for three hundred and fifty dollars to an online shop.' },
      { speaker: 'B', text: 'Do not worry, I guarantee you will get the full three hundred and fifty dollars back, no question.' },
      { speaker: 'A', text: 'Oh, thank you.' },
      { speaker: 'B', text: 'I have opened a dispute and cancelled the card. Anything else I can do for you? Thanks for calling.' },
    ],
    expected: { ...allPass, commitments: 'FAIL' },
    criticalFail: true,
    fields: { card_last_four: null, dispute_amount: 350, new_card_date: null },
  },
  {
    id: 'held-03-condescending',
    about: 'strict breach: condescending agent who blames the cardholder',
    agent: 'A',
    recordedAt: '2026-05-30T10:45:00Z',
    turns: [
      { speaker: 'A', text: 'Northfield Bank, Steve here. Hello.' },
      { speaker: 'B', text: 'My card was declined at the supermarket and I was so embarrassed.' },
      { speaker: 'A', text: 'Date of birth and security answer?' },
      { speaker: 'B', text: 'The tenth of December nineteen sixty eight, and the answer is Maple.' },
      {
        speaker: 'A',
        text: 'Honestly, it is pretty obvious. You went over your limit, that is your problem. Maybe learn to check your balance.',
      },
      { speaker: 'B', text: 'There is no need to talk to me like that.' },
      { speaker: 'A', text: 'I have raised your limit by five hundred dollars, it works now.' },
      { speaker: 'B', text: 'Right.' },
      { speaker: 'A', text: 'Anything else? Thanks for calling.' },
    ],
    expected: { ...allPass, care: 'FAIL', tone: 'FAIL' },
    criticalFail: true,
    fields: { card_last_four: null, dispute_amount: null, new_card_date: null },
  },
  {
    id: 'held-04-no-security',
    about: 'strict breach: account details given with only the card number',
    agent: 'A',
    recordedAt: '2026-06-16T15:10:00Z',
    turns: [
      { speaker: 'A', text: 'Good afternoon, thank you for calling Northfield Bank, I am Nadia. How can I help?' },
      { speaker: 'B', text: 'Hello, I would like to know my balance and when my payment is due.' },
      { speaker: 'A', text: 'Of course. What are the last four digits of the card?' },
      { speaker: 'B', text: 'Nine three zero six.' },
      { speaker: 'A', text: 'Thanks. Your balance is one thousand two hundred dollars and the payment is due on the twenty fifth.' },
      { speaker: 'B', text: 'Great, that is what I needed.' },
      { speaker: 'A', text: 'Can I help with anything else? Thank you for calling, have a nice day.' },
    ],
    expected: { ...allPass, security: 'FAIL', care: 'FAIL' },
    criticalFail: true,
    fields: { card_last_four: 9306, dispute_amount: null, new_card_date: null },
  },
  {
    id: 'held-05-customer-first-apology',
    about: 'customer speaks first and apologises; agent is caring and compliant',
    agent: 'B',
    recordedAt: '2026-07-02T08:20:00Z',
    turns: [
      { speaker: 'A', text: 'Sorry, hello, I am not sure I have the right number.' },
      { speaker: 'B', text: 'Good morning, you have reached Northfield Bank card services, my name is Grace. How can I help?' },
      { speaker: 'A', text: 'Sorry, my card has stopped working abroad and I am on holiday in Spain.' },
      {
        speaker: 'B',
        text: 'Do not worry, I understand how stressful that is. Can you confirm your date of birth and the security answer?',
      },
      { speaker: 'A', text: 'The thirtieth of April nineteen eighty six, and the answer is Lisbon.' },
      {
        speaker: 'B',
        text: 'Thank you. The card was paused by our fraud checks. I have removed the block, so it will work again in a few minutes.',
      },
      { speaker: 'A', text: 'Thank you so much.' },
      { speaker: 'B', text: 'You are welcome. Is there anything else I can do? Thank you for calling, enjoy your holiday.' },
    ],
    expected: { ...allPass },
    criticalFail: false,
    fields: { card_last_four: null, dispute_amount: null, new_card_date: null },
  },
];

/** What each held-out call's summary should state (summary-facts.ts), labelled before its summaries were read. */
export const heldOutSummaryFacts: Record<string, SummaryFacts> = {
  'held-01-lost-card': { reason: ['card', 'taxi'], actions: ['verified', 'apologised', 'blocked'], outcome: 'resolved', next: ['march'] },
  'held-02-guaranteed-refund': {
    reason: ['payment'],
    actions: ['verified', 'apologised', 'disputed', 'blocked'],
    outcome: 'resolved',
    next: null,
  },
  'held-03-condescending': { reason: ['declined'], actions: ['verified', 'limit'], outcome: 'resolved', next: null },
  'held-04-no-security': { reason: ['balance'], actions: [], outcome: 'resolved', next: null },
  'held-05-customer-first-apology': {
    reason: ['card', 'abroad|spain'],
    actions: ['verified', 'removed'],
    outcome: 'resolved',
    next: ['minutes'],
  },
};
