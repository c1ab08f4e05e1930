/** The offline engine's summary (src/engine/local/call-summary/): facts, not copied lines; custom_summary steers it. */
import { describe, expect, it } from 'vitest';
import type { Transcript } from '../../src/engine/engine-types.js';
import { readSummaryRequest, summarizeCall } from '../../src/engine/local/call-summary/call-summary.js';
import { organisationWordsOf } from '../../src/engine/local/speaker-roles.js';
import { introducedNames } from '../../src/engine/local/moonshine/hint-terms.js';

const turns = (...texts: string[]): Transcript => ({
  language: 'en',
  segments: texts.map((text, i) => ({ speaker: i % 2 === 0 ? 'A' : 'B', text, start: i * 5, end: i * 5 + 4 })),
});

const boilerRepair = turns(
  'Good morning, thank you for calling Heatwise, my name is Ola. How can I help you today?',
  'Hi, my boiler stopped working last night and the house is freezing.',
  'I am so sorry to hear that. Can I take your date of birth and postcode please?',
  'The third of May nineteen seventy, postcode K T two.',
  'Thank you, you are verified. I have booked a heating engineer for Tuesday the ninth of December.',
  'Brilliant, thank you so much.',
  'Is there anything else I can help with? Thanks for calling, goodbye.',
);

describe('the summary of a call', () => {
  it('says why the customer called, what the agent did, the outcome and the next step, in plain sentences', () => {
    const summary = summarizeCall(boilerRepair, null);
    expect(summary).toBe(
      "The customer called because their boiler stopped working last night and the house is freezing. The agent verified the customer's identity (date of birth and postcode), apologised and booked a heating engineer for Tuesday the ninth of December. The issue was resolved and the customer was satisfied.",
    );
    expect(summary).not.toMatch(/Speaker|\.\s*\./);
  });

  it('says when nothing was resolved and the customer stayed unhappy', () => {
    const summary = summarizeCall(
      turns(
        'Hello, Northwind billing, this is Ivan.',
        'I was charged a late fee but I paid on time.',
        'I can see the fee, but I am not able to remove it.',
        'That is not fair.',
      ),
      null,
    );
    expect(summary).toContain('The customer called because they were charged a late fee but they paid on time.');
    expect(summary).toContain('The issue was not resolved and the customer remained unhappy.');
  });

  it('follows custom_summary: the parts it names, one sentence', () => {
    expect(summarizeCall(boilerRepair, 'Next steps only.')).toBe('Next: booked a heating engineer for Tuesday the ninth of December.');
    const one = summarizeCall(boilerRepair, 'Summarise in one sentence.');
    expect(one.match(/\./g)).toHaveLength(1);
    expect(one).toMatch(/^The customer called because their boiler stopped working/);
    expect(readSummaryRequest('Focus on the outcome and the next steps')).toEqual({ parts: ['outcome', 'next'], oneSentence: false });
    expect(readSummaryRequest(null).parts).toEqual(['reason', 'actions', 'outcome', 'next']);
  });

  it('is short and honest about a call it cannot read', () => {
    expect(summarizeCall({ language: 'en', segments: [] }, null)).toBe('The recording contains no recognizable speech.');
    expect(summarizeCall(turns('the of to low', 'and a bit the'), null)).toBe(
      'The call could not be summarised: too little of its 8 recognised words could be understood.',
    );
  });
});

describe("the configuration's names", () => {
  it("finds the organisation in the evaluator's context, also as a sentence's first word before a service", () => {
    expect(organisationWordsOf('Acme support: orders, deliveries and returns.')).toEqual(['acme']);
    expect(organisationWordsOf('Inbound customer service calls for Brightline, a broadband provider.')).toEqual(['brightline']);
    expect(organisationWordsOf("Quality review of calls. Nimbus's helpline.")).toEqual(['nimbus']);
  });

  it('takes the names a speaker introduces', () => {
    expect(introducedNames('Hello, you are through to support, this is Daniel speaking. How can I help?')).toEqual(['Daniel']);
    expect(introducedNames('My name is Priya. Sorry, this is Sorry')).toEqual(['Priya']);
  });
});
