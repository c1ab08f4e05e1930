/**
 * Mono recordings whose two voices were not told apart come out with one speaker label. The
 * judge then takes roles from turn-taking and each turn's own words (turn-taking-roles.ts), and
 * never declares a critical fail from a role it is unsure of (criterion-judge.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Transcript } from '../../src/engine/engine-types.js';
import { judgeCriteria } from '../../src/engine/local/criterion-judge.js';
import { assignRoles } from '../../src/engine/local/speaker-roles.js';
import { devCalls, devEvaluator, devFields } from './dev-set.js';
import { heldOutCalls, heldOutEvaluator, heldOutFields } from './held-out-set.js';
import { judgeCall, referenceTranscript } from './judge-set.js';

/** The script as a one-voice recogniser would give it: every turn under label A. */
const asOneVoice = (transcript: Transcript): Transcript => ({
  ...transcript,
  segments: transcript.segments.map((s) => ({ ...s, speaker: 'A' })),
});
const criteria = (id: string) => devEvaluator.criteria.filter((c) => c.id === id);
const segment = (start: number, end: number, text: string) => ({ speaker: 'A', start, end, text });

describe('one voice heard: roles from turn-taking', () => {
  it.each(devCalls.map((call) => [call.id, call] as const))(
    'development call %s read as one speaker keeps its verdicts and critical-fail flag',
    async (_id, call) => {
      const outcome = await judgeCall(call, asOneVoice(referenceTranscript(call)), devEvaluator, devFields);
      expect(outcome.verdicts).toEqual(call.expected);
      expect(outcome.criticalFail).toBe(call.criticalFail);
    },
  );

  it('held-out calls read as one speaker keep their critical-fail flags', async () => {
    for (const call of heldOutCalls) {
      const outcome = await judgeCall(call, asOneVoice(referenceTranscript(call)), heldOutEvaluator, heldOutFields);
      expect(outcome.criticalFail, call.id).toBe(call.criticalFail);
    }
  });

  it('alternates at turn pauses, and a turn with no cue of its own takes its role from its neighbours', () => {
    const transcript: Transcript = {
      language: 'en',
      segments: [
        segment(0, 3, 'thank you for calling brightline my name is anna how can i help'),
        segment(3.7, 6, 'my bill is wrong this month'),
        segment(6.7, 8, 'right and the reference on the bill'),
        segment(8.7, 10, 'the fourth of may'),
        segment(10.7, 13, 'is there anything else'),
      ],
    };
    const roles = assignRoles(transcript, ['brightline']);
    expect(roles.map((r) => r.role)).toEqual(['agent', 'customer', 'agent', 'customer', 'agent']);
    for (const r of roles) expect(r.agentProbability).toBeGreaterThan(0);
  });
});

describe('no critical fail from a role guess', () => {
  it("a blame phrase in a turn that may be the customer's is reported but not held against the agent", () => {
    const transcript: Transcript = {
      language: 'en',
      segments: [segment(0, 3, 'hello'), segment(3.2, 6, 'you should have read the terms')],
    };
    const [respect] = judgeCriteria(transcript, { context: devEvaluator.context, criteria: criteria('respect') });
    expect(respect?.scoreRawAi).toBe(1);
    expect(respect?.reasoning).toContain('not held against the agent');
  });

  it("the same phrase in a turn surely the agent's (speakers told apart) is a breach", () => {
    const transcript: Transcript = {
      language: 'en',
      segments: [{ ...segment(0, 3, 'my bill is wrong'), speaker: 'B' }, segment(3.2, 6, 'well you should have read the terms')],
    };
    const [respect] = judgeCriteria(transcript, { context: devEvaluator.context, criteria: criteria('respect') });
    expect(respect?.scoreRawAi).toBe(0);
  });

  it("a strict check asked in a turn that may be the agent's passes, saying it is not certain", () => {
    const transcript: Transcript = {
      language: 'en',
      segments: [
        segment(0, 3, 'thank you for calling brightline my name is anna how can i help'),
        segment(3.7, 6, 'my internet is not working i want it fixed'),
        segment(6.1, 8, 'and the date of birth'),
        segment(8.7, 10, 'i can see a fault and i have booked an engineer'),
      ],
    };
    const [verification] = judgeCriteria(transcript, { context: devEvaluator.context, criteria: criteria('verification') });
    expect(verification?.scoreRawAi).toBe(1);
    expect(verification?.reasoning).toContain('not certain');
  });
});
