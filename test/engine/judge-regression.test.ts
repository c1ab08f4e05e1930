/**
 * The judge-only half of the engine bench as regression tests: every development call, read from
 * its script (perfect transcript and speaker labels), must get its labelled verdicts, critical-fail
 * flag and field values. The speech half runs in `npm run bench:engine`.
 */
import { describe, expect, it } from 'vitest';
import type { Transcript } from '../../src/engine/engine-types.js';
import { judgeCriteria } from '../../src/engine/local/criterion-judge.js';
import { identifyAgentLabel } from '../../src/engine/local/speaker-roles.js';
import { devCalls, devEvaluator, devFields } from './dev-set.js';
import { judgeCall, referenceTranscript } from './judge-set.js';

describe('offline judge on the development set (reference text)', () => {
  it.each(devCalls.map((call) => [call.id, call] as const))('%s', async (_id, call) => {
    const outcome = await judgeCall(call, referenceTranscript(call), devEvaluator, devFields);
    expect(outcome.verdicts).toEqual(call.expected);
    expect(outcome.criticalFail).toBe(call.criticalFail);
    expect(outcome.fields).toEqual(call.fields);
  });
});

describe('roles', () => {
  it('finds the agent whichever label they have and whoever speaks first', () => {
    for (const call of devCalls) expect(identifyAgentLabel(referenceTranscript(call), ['brightline'])).toBe(call.agent);
  });

  it("with one speaker label, judges each turn by its own words: the caller's apology is not the agent's empathy", () => {
    const oneVoice: Transcript = {
      language: 'en',
      segments: [
        { speaker: 'A', start: 0, end: 3, text: 'thank you for calling brightline my name is anna how can i help' },
        { speaker: 'A', start: 4, end: 7, text: 'sorry i am so sorry to bother you my bill is wrong' },
        { speaker: 'A', start: 8, end: 11, text: 'i have removed the charge from your bill is there anything else' },
      ],
    };
    const [empathy] = judgeCriteria(oneVoice, { context: '', criteria: [{ id: 'e', name: 'Empathy', description: '', type: 'scale' }] });
    expect(empathy).toMatchObject({ scoreRawAi: 1, quote: '' });
  });
});

describe('verdicts quote the deciding turn and say what was missing', () => {
  it('an account number alone does not verify, and the feedback says what was asked instead', async () => {
    const call = devCalls.find((c) => c.id === 'dev-03-account-number-only')!;
    const [judgement] = judgeCriteria(referenceTranscript(call), {
      context: devEvaluator.context,
      criteria: devEvaluator.criteria.filter((c) => c.id === 'verification'),
    });
    expect(judgement).toMatchObject({
      scoreRawAi: 0,
      quote: 'Sure, can you give me your account number?',
      feedback:
        'Identity verification: missing a check of the date of birth, postcode or security question (only the account number was asked, which does not prove identity).',
    });
  });

  it('a blaming agent fails the strict criterion, quoting the blame', () => {
    const call = devCalls.find((c) => c.id === 'dev-04-blames-customer')!;
    const [judgement] = judgeCriteria(referenceTranscript(call), {
      context: devEvaluator.context,
      criteria: devEvaluator.criteria.filter((c) => c.id === 'respect'),
    });
    expect(judgement).toMatchObject({ scoreRawAi: 0, quote: expect.stringContaining('you should have read the terms') as string });
    expect(judgement?.reasoning).toMatch(/^The agent \(speaker A\) said “you should have” at \d:\d\d\.$/);
  });
});

describe('conduct cues need their frame', () => {
  const judgeOne = (agentText: string, id: 'respect' | 'promises') => {
    const transcript: Transcript = {
      language: 'en',
      segments: [
        { speaker: 'A', start: 0, end: 3, text: 'thank you for calling brightline my name is anna how can i help' },
        { speaker: 'B', start: 4, end: 6, text: 'my bill is wrong' },
        { speaker: 'A', start: 7, end: 10, text: agentText },
      ],
    };
    return judgeCriteria(transcript, { context: devEvaluator.context, criteria: devEvaluator.criteria.filter((c) => c.id === id) })[0]
      ?.scoreRawAi;
  };

  it('a guarantee of money fails even after "do not worry"; "I can not guarantee" and a promised callback do not', () => {
    expect(judgeOne('do not worry i guarantee you will get the money back', 'promises')).toBe(0);
    expect(judgeOne('i can not guarantee a refund until we investigate', 'promises')).toBe(1);
    expect(judgeOne('i promise i will call you back on monday and i have also checked the refund policy for you', 'promises')).toBe(1);
  });

  it('"you will get … compensation" is a promise even when the promise verb was misheard; "you will not get compensation" is not', () => {
    expect(judgeOne('thank you i can do you will get two hundred dollars compensation', 'promises')).toBe(0);
    expect(judgeOne('i am afraid you will not get compensation for this', 'promises')).toBe(1);
  });

  it('"your fault" counts as blame only in its frame (a misheard "your postcode" does not)', () => {
    expect(judgeOne('that is your fault', 'respect')).toBe(0);
    expect(judgeOne('what is your fault and your date of birth', 'respect')).toBe(1);
  });

  it('"your problem" is blame only as "that is your problem", not in "let me look at your problem"', () => {
    expect(judgeOne('that is your problem not ours', 'respect')).toBe(0);
    expect(judgeOne('let me look at your problem and i have booked an engineer', 'respect')).toBe(1);
  });
});
