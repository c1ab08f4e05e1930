import { describe, expect, it } from 'vitest';
import type { Transcript } from '../../src/engine/engine-types.js';
import { judgeCriteria } from '../../src/engine/local/criterion-judge.js';
import { extractFieldValues } from '../../src/engine/local/field-extraction.js';
import { parseTimedOutput } from '../../src/engine/local/pocketsphinx.js';
import { chunksOf, mergeTurns } from '../../src/engine/local/speaker-turns.js';
import { readSpokenNumber, words } from '../../src/engine/local/text-tools.js';
import { applyVocabulary } from '../../src/engine/local/vocabulary-hints.js';

const call: Transcript = {
  language: 'en',
  segments: [
    { speaker: 'A', start: 0.5, end: 4, text: 'hello thank you for calling acme my name is daniel how can i help' },
    { speaker: 'B', start: 5, end: 9, text: 'my laptop order has not arrived the order number is four five seven two' },
    { speaker: 'A', start: 10, end: 14, text: 'i am sorry to hear that it will arrive on march third' },
    { speaker: 'B', start: 15, end: 17, text: 'is it insured yes it is' },
    { speaker: 'A', start: 18, end: 21, text: 'is there anything else have a nice day goodbye' },
  ],
};

describe('spoken numbers', () => {
  it.each([
    ['four five seven two', 4572],
    ['five seventy two', 572],
    ['twenty five', 25],
    ['two hundred and fifty', 250],
    ['one thousand two hundred', 1200],
    ['42', 42],
  ])('%s → %d', (text, value) => {
    expect(readSpokenNumber(words(text), 0)?.value).toBe(value);
  });
});

describe('field extraction', () => {
  it('reads typed values right after the field is mentioned, null when not said', () => {
    const values = extractFieldValues(
      call,
      [
        { name: 'order_number', type: 'number', description: '' },
        { name: 'delivery date', type: 'date', description: 'When the order arrives' },
        { name: 'insured', type: 'boolean', description: '' },
        { name: 'name', type: 'string', description: '' },
        { name: 'refund_amount', type: 'number', description: 'Money returned' },
        { name: 'product', type: 'string', description: 'What the customer ordered' },
      ],
      new Date('2026-03-01T00:00:00Z'),
    );
    expect(values).toEqual([4572, '2026-03-03', true, 'daniel how can i', null, null]);
  });
});

describe('criterion judgements', () => {
  const criterion = (name: string, description: string, type: 'boolean' | 'scale' | 'strict') => ({ id: name, name, description, type });
  const judge = (transcript: Transcript, c: ReturnType<typeof criterion>) => judgeCriteria(transcript, { context: '', criteria: [c] })[0];

  it("a requirement passes when the agent shows it, quoting the agent's turn", () => {
    expect(judge(call, criterion('Greeting', 'Greets the customer', 'boolean'))).toEqual({
      criterionId: 'Greeting',
      scoreRawAi: 1,
      reasoning: 'The agent (speaker A) said “hello thank you for calling acme my” at 0:00.',
      quote: 'hello thank you for calling acme my name is daniel how can i help',
      feedback: null,
    });
  });

  it('a scale criterion grows with the distinct ways the behaviour is shown', () => {
    expect(judge(call, criterion('Empathy', 'Apologises to the customer', 'scale'))?.scoreRawAi).toBe(3);
    expect(judge(call, criterion('Closing', 'Offers more help and says goodbye', 'scale'))?.scoreRawAi).toBe(5);
  });

  it('a prohibition fails when the agent says it, and passes otherwise', () => {
    const refunds = judge(call, criterion('No refund promises', 'Never promises a refund', 'strict'));
    expect(refunds).toMatchObject({ scoreRawAi: 1, feedback: null });
    const rude = judge(
      { language: 'en', segments: [{ speaker: 'A', start: 65, end: 70, text: 'that is a stupid question' }] },
      criterion('No rudeness', 'Never insults the customer', 'strict'),
    );
    expect(rude).toMatchObject({
      scoreRawAi: 0,
      reasoning: 'The agent (speaker A) said “stupid” at 1:05.',
      quote: 'that is a stupid question',
    });
  });

  it('a requirement never met fails and says what was missing', () => {
    // The order number once counted as verification; it does not prove identity.
    const judged = judge(call, criterion('Verification', 'Verifies the date of birth', 'boolean'));
    expect(judged).toMatchObject({ scoreRawAi: 0, quote: 'hello thank you for calling acme my name is daniel how can i help' });
    expect(judged?.feedback).toBe('Verification: missing a check of the date of birth.');
    const missing = judge(call, criterion('Hold etiquette', 'Asks before putting on hold', 'boolean'));
    expect(missing).toMatchObject({ scoreRawAi: 0, quote: '' });
    expect(missing?.feedback).toContain('Hold etiquette');
  });
});

describe('pocketsphinx output and speaker turns', () => {
  const output = [
    'hello there how can i help',
    '<s> 0.000 0.020 0.999',
    'hello 0.030 0.400 0.9',
    'there(2) 0.410 0.700 0.9',
    '<sil> 0.710 1.300 0.9',
    'how 1.310 1.500 0.9',
    '[NOISE] 1.500 1.600 0.9',
    'can 1.610 1.800 0.9',
    '</s> 1.810 2.000 1.0',
    '<s> 3.000 3.020 0.999',
    '</s> 3.100 3.200 1.0',
  ].join('\n');

  it('parses words with times, dropping markers, noise and empty utterances', () => {
    expect(parseTimedOutput(output)).toEqual([
      {
        start: 0,
        end: 1.81,
        words: [
          { word: 'hello', start: 0.03, end: 0.4, confidence: 0.9 },
          { word: 'there', start: 0.41, end: 0.7, confidence: 0.9 },
          { word: 'how', start: 1.31, end: 1.5, confidence: 0.9 },
          { word: 'can', start: 1.61, end: 1.8, confidence: 0.9 },
        ],
      },
    ]);
  });

  it("splits at pauses of 0.35 s and merges a speaker's consecutive stretches", () => {
    const chunks = chunksOf(parseTimedOutput(output));
    expect(chunks.map((c) => c.text)).toEqual(['hello there', 'how can']);
    const twoSpeakers = [...chunks.map((c) => ({ ...c, speaker: 'A' })), { start: 2.5, end: 3, text: 'hi', speaker: 'B' }];
    expect(mergeTurns(twoSpeakers)).toEqual([
      { speaker: 'A', text: 'hello there how can', start: 0.03, end: 1.8 },
      { speaker: 'B', text: 'hi', start: 2.5, end: 3 },
    ]);
    // One speaker found (voices alike): a pause of 0.6 s or more is kept as a likely turn change.
    expect(mergeTurns(chunks.map((c) => ({ ...c, speaker: 'A' }))).map((s) => s.text)).toEqual(['hello there', 'how can']);
  });
});

describe('vocabulary hints', () => {
  it('replaces sound-alikes of vocabulary terms', () => {
    expect(applyVocabulary('we moved to genesis last year', ['Genesys'])).toBe('we moved to Genesys last year');
    expect(applyVocabulary('update it in sales force please', ['Salesforce'])).toBe('update it in Salesforce please');
    expect(applyVocabulary('open a ticket in send desk', ['Zendesk'])).toBe('open a ticket in Zendesk');
    expect(applyVocabulary('no match here', ['Zendesk'])).toBe('no match here');
  });

  it("spells a term heard right as configured, and keeps a recogniser's punctuation", () => {
    expect(applyVocabulary('thank you for calling zendesk, how can i help', ['Zendesk'])).toBe(
      'thank you for calling Zendesk, how can i help',
    );
    expect(applyVocabulary('We moved to Genesis.', ['Genesys'])).toBe('We moved to Genesys.');
  });

  it('with a dictionary, turns a word that is no English word into the term it nearly sounds or reads like', () => {
    const english = new Set(['you', 'are', 'from', 'support', 'the', 'hello', 'low', 'tech', 'me', 'daniel']);
    const knownWord = (word: string) => english.has(word);
    expect(applyVocabulary('Hello, you are from Techmie Support.', ['Acme'], knownWord)).toBe('Hello, you are from Acme Support.');
    expect(applyVocabulary('The Loganiel, I ordered a laptop.', ['Daniel'], knownWord)).toBe('The Daniel, I ordered a laptop.');
    // English words are left alone, and without a dictionary only exact sound-alikes change.
    expect(applyVocabulary('you are from tech me support', ['Acme'], knownWord)).toBe('you are from tech me support');
    expect(applyVocabulary('Hello, you are from Techmie Support.', ['Acme'])).toBe('Hello, you are from Techmie Support.');
  });
});

describe('written forms, as a neural recogniser or a vendor writes them', () => {
  const written: Transcript = {
    language: 'en',
    segments: [
      { speaker: 'A', start: 0, end: 4, text: 'Thank you for calling Acme. My name is Dan. How can I help?' },
      { speaker: 'B', start: 5, end: 9, text: 'I was charged twice. My account number is 738152, and I was born on May 4th, 1985.' },
      { speaker: 'A', start: 10, end: 16, text: 'I do apologize. I have refunded $40 to your card, and booked an engineer for March 5th.' },
    ],
  };

  it('reads digits, amounts with a currency sign and ordinal dates', () => {
    const values = extractFieldValues(
      written,
      [
        { name: 'account_number', type: 'number', description: '' },
        { name: 'refund_amount', type: 'number', description: 'Amount refunded in dollars' },
        { name: 'appointment_date', type: 'date', description: 'Date of the engineer visit' },
      ],
      new Date('2026-03-01T00:00:00Z'),
    );
    expect(values).toEqual([738152, 40, '2026-03-05']);
  });

  it('finds the identity check in a misheard "date on birth", or in the caller\'s written birth year', () => {
    const verification = {
      id: 'v',
      name: 'Identity verification',
      description: 'The agent verifies the caller with their date of birth.',
      type: 'strict' as const,
    };
    const misheard: Transcript = {
      language: 'en',
      segments: [
        { speaker: 'A', start: 0, end: 3, text: 'Thank you for calling Acme, my name is Dan. Can I take your date on birth, please?' },
        { speaker: 'B', start: 4, end: 6, text: 'It is the 4th of May, 1985.' },
      ],
    };
    expect(judgeCriteria(misheard, { context: '', criteria: [verification] })[0]).toMatchObject({ scoreRawAi: 1 });
    const unheard: Transcript = {
      language: 'en',
      segments: [
        { speaker: 'A', start: 0, end: 3, text: 'Thank you for calling Acme, my name is Dan. Can I take your date and bath, please?' },
        { speaker: 'B', start: 4, end: 6, text: 'It is the 4th of May, 1985.' },
      ],
    };
    expect(judgeCriteria(unheard, { context: '', criteria: [verification] })[0]).toMatchObject({
      scoreRawAi: 1,
      quote: unheard.segments[0]?.text,
    });
    const never: Transcript = { ...unheard, segments: [unheard.segments[0], { speaker: 'B', start: 4, end: 6, text: 'It is 4528.' }] };
    expect(judgeCriteria(never, { context: '', criteria: [verification] })[0]).toMatchObject({ scoreRawAi: 0 });
  });

  it('reads the last digits of a card from "ending …" and from the answer to a question that names them mid-sentence', () => {
    const field = { name: 'card_last_four', type: 'number' as const, description: 'Last four digits of the card' };
    const ending: Transcript = {
      language: 'en',
      segments: [{ speaker: 'A', start: 0, end: 4, text: 'I have blocked the card ending four two one eight.' }],
    };
    expect(extractFieldValues(ending, [field], new Date('2026-03-01T00:00:00Z'))).toEqual([4218]);
    const asked: Transcript = {
      language: 'en',
      segments: [
        { speaker: 'A', start: 0, end: 3, text: 'Of course. What are the last four digits of the card?' },
        { speaker: 'B', start: 4, end: 6, text: 'Nine three zero six.' },
      ],
    };
    expect(extractFieldValues(asked, [field], new Date('2026-03-01T00:00:00Z'))).toEqual([9306]);
    // An account number is not the last digits of a card.
    const other: Transcript = { language: 'en', segments: [{ speaker: 'A', start: 0, end: 4, text: 'The account number is 738152.' }] };
    expect(extractFieldValues(other, [field], new Date('2026-03-01T00:00:00Z'))).toEqual([null]);
  });

  it('hears an American spelling of a British cue ("apologize")', () => {
    const [empathy] = judgeCriteria(written, {
      context: '',
      criteria: [{ id: 'e', name: 'Empathy', description: 'The agent apologises for the trouble', type: 'boolean' }],
    });
    expect(empathy).toMatchObject({ scoreRawAi: 1 });
  });
});
