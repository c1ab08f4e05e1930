import type { TranscriptSegment } from '../engine-types.js';

/**
 * Roles of a one-voice transcript (a mono recording whose two voices could not be told apart)
 * from turn-taking: in a two-party call the speaker usually changes at a pause, so the segments
 * (split at pauses of 0.6 s or more, speaker-turns.ts) tend to alternate between agent and
 * customer. Each segment's own words are evidence too (`agentScore`: agent cues minus customer
 * cues, speaker-roles.ts). A two-state hidden Markov model combines both; forward-backward gives
 * each segment's probability of being the agent's, so the judge knows how sure a role is.
 */

/** How likely the speaker changes at a pause long enough to split segments, and at a shorter one. */
const switchAtTurnPause = 0.85;
const switchAtShortPause = 0.35;
const turnPauseSeconds = 0.6;
/** How much one point of cue score shifts the odds (e^0.6 ≈ 1.8 per point). */
const cueStrength = 0.6;
/** Agents usually open the call; customers sometimes do ("Hello? Is this the bank?"). */
const agentFirstPrior = 0.6;

export function agentProbabilitiesByTurnTaking(segments: TranscriptSegment[], agentScores: number[]): number[] {
  const n = segments.length;
  if (n === 0) return [];
  // Emission odds: P(words | agent) / P(words | customer).
  const emission = agentScores.map((s) => [Math.exp(cueStrength * s), Math.exp(-cueStrength * s)] as const);
  const switchAt = (i: number) => {
    const gap = (segments[i]?.start ?? 0) - (segments[i - 1]?.end ?? 0);
    return gap >= turnPauseSeconds ? switchAtTurnPause : switchAtShortPause;
  };
  const forward: [number, number][] = [];
  let previous: [number, number] = [agentFirstPrior * (emission[0]?.[0] ?? 1), (1 - agentFirstPrior) * (emission[0]?.[1] ?? 1)];
  forward.push(normalise(previous));
  for (let i = 1; i < n; i += 1) {
    const p = switchAt(i);
    const [a, c] = forward[i - 1] ?? [0.5, 0.5];
    const [ea, ec] = emission[i] ?? [1, 1];
    previous = [(a * (1 - p) + c * p) * ea, (c * (1 - p) + a * p) * ec];
    forward.push(normalise(previous));
  }
  const backward: [number, number][] = new Array<[number, number]>(n);
  backward[n - 1] = [1, 1];
  for (let i = n - 2; i >= 0; i -= 1) {
    const p = switchAt(i + 1);
    const [ba, bc] = backward[i + 1] ?? [1, 1];
    const [ea, ec] = emission[i + 1] ?? [1, 1];
    backward[i] = normalise([(1 - p) * ea * ba + p * ec * bc, p * ea * ba + (1 - p) * ec * bc]);
  }
  return forward.map(([a, c], i) => {
    const [ba, bc] = backward[i] ?? [1, 1];
    const agent = a * ba;
    const customer = c * bc;
    return agent / (agent + customer);
  });
}

function normalise([a, c]: [number, number]): [number, number] {
  const total = a + c;
  return total > 0 ? [a / total, c / total] : [0.5, 0.5];
}
