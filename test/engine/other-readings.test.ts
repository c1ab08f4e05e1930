/**
 * The recogniser's other readings of a turn (docs/engine.md, "Other readings of the audio") are
 * evidence that a required thing was said; a breach is judged on the transcript alone, so they can
 * pass a requirement the transcript missed but never fail a criterion.
 */
import { describe, expect, it } from 'vitest';
import type { Transcript } from '../../src/engine/engine-types.js';
import { judgeCriteria } from '../../src/engine/local/criterion-judge.js';
import { otherReadingMaxGap } from '../../src/engine/local/call-view.js';
import { devEvaluator } from './dev-set.js';

const criteria = (...ids: string[]) => devEvaluator.criteria.filter((c) => ids.includes(c.id));
const verdicts = (transcript: Transcript, ...ids: string[]) =>
  judgeCriteria(transcript, { context: devEvaluator.context, criteria: criteria(...ids) });

/** A call as a narrow-band line leaves it: the agent's name and date-of-birth question misheard. */
const misheard: Transcript = {
  language: 'en',
  segments: [
    { speaker: 'A', start: 0, end: 4, text: 'Good morning, thank you for calling Brightline, listen carefully. How can I help you today?' },
    { speaker: 'B', start: 5, end: 8, text: 'Hi, my internet has been down since Saturday.' },
    { speaker: 'A', start: 9, end: 13, text: 'I am sorry to hear that. Can I take your full name and date a Brightline please?' },
    { speaker: 'B', start: 14, end: 17, text: 'Sarah Collins, the fourth of May.' },
    { speaker: 'A', start: 18, end: 24, text: 'Thanks. I can see a fault on the line, so I have booked an engineer for Thursday.' },
    { speaker: 'B', start: 25, end: 26, text: 'Great.' },
    { speaker: 'A', start: 27, end: 31, text: 'In the rally thing. Thank you, have a lovely day.' },
  ],
};

describe("the recogniser's other readings as evidence", () => {
  it('passes the greeting, the verification and the closing when another close reading says what the transcript missed', () => {
    expect(verdicts(misheard, 'greeting', 'verification', 'closing').map((v) => v.scoreRawAi)).toEqual([0, 0, 0]);
    const withOthers: Transcript = {
      ...misheard,
      alternatives: [
        { segment: 0, text: 'calling Brightline, this is Kevin. How', gap: 1.2 },
        { segment: 2, text: 'your full name and date of birth', gap: 2.5 },
        { segment: 6, text: 'Is there anything else I can help', gap: 3 },
      ],
    };
    const judged = verdicts(withOthers, 'greeting', 'verification', 'closing');
    expect(judged.map((v) => v.scoreRawAi)).toEqual([1, 1, 1]);
    expect(judged[0]?.reasoning).toContain('another reading of the audio');
    // The transcript itself is the best reading: the quote is never another reading.
    expect(judged[0]?.quote).toContain('listen carefully');
  });

  it('ignores readings that scored too far below the kept one', () => {
    const far: Transcript = { ...misheard, alternatives: [{ segment: 0, text: 'this is Kevin', gap: otherReadingMaxGap + 1 }] };
    expect(verdicts(far, 'greeting')[0]?.scoreRawAi).toBe(0);
  });

  it('does not pass a verification asked after the account was discussed in any reading', () => {
    const late: Transcript = {
      ...misheard,
      segments: misheard.segments.map((s, i) => (i === 2 ? { ...s, text: 'I am sorry to hear that. Can I take your full name?' } : s)),
      alternatives: [
        { segment: 2, text: 'I can see your account', gap: 1 },
        { segment: 4, text: 'what is your date of birth', gap: 1 },
      ],
    };
    expect(verdicts(late, 'verification')[0]?.scoreRawAi).toBe(0);
  });

  it('never finds a breach in another reading', () => {
    const rude: Transcript = {
      ...misheard,
      alternatives: [
        { segment: 4, text: 'that is your problem, calm down', gap: 0.5 },
        { segment: 4, text: 'I guarantee you will get compensation', gap: 0.5 },
      ],
    };
    expect(verdicts(rude, 'respect', 'promises').map((v) => v.scoreRawAi)).toEqual([1, 1]);
  });
});
