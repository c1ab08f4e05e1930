import { describe, expect, it } from 'vitest';
import { alignedUtterances, mostLikelyWarp } from '../../src/engine/local/speaker-adaptation/speaker-warp-likelihood.js';

/** A bw `utt>` line as sphinxtrain 5 prints it (sequence, id, frames, …, frame and utterance log likelihood, timings). */
const uttLine = (sequence: number, id: string, logLikelihood: number) =>
  `utt>     ${sequence}                     ${id}  427    0   168 22  9 8 2.202864e-102 ${(logLikelihood / 427).toExponential(6)} ${logLikelihood.toExponential(6)} utt 0.020x 1.034e upd 0.020x 1.034e`;

describe('maximum-likelihood vocal tract length warp of a speaker', () => {
  it('reads the aligned utterances and their log likelihoods from bw, skipping the ones it could not align', () => {
    const output = [
      'INFO: main.c(...): Reestimation: Baum-Welch',
      uttLine(0, 's0000', -70000),
      'utt>     1                     s0001  203    0    84',
      'ERROR: "backward.c", line 431: final state not reached',
      uttLine(2, 's0002', -35000),
      'overall> stats 848 (-0) -1.641788e+02 -1.392236e+05 0.020x 1.058e',
    ].join('\n');
    expect(alignedUtterances(output)).toEqual([
      { sequence: 0, logLikelihood: -70000 },
      { sequence: 2, logLikelihood: -35000 },
    ]);
  });

  it('keeps the warp whose features the model explains best, over the stretches aligned under every warp', () => {
    const warps = [0.9, 1, 1.1];
    // Two stretches per warp: sequence = warp index × 2 + stretch.
    const aligned = [
      { sequence: 0, logLikelihood: -1000 },
      { sequence: 1, logLikelihood: -500 },
      { sequence: 2, logLikelihood: -990 },
      { sequence: 3, logLikelihood: -505 },
      // 1.1 explains the first stretch best, but its second stretch was not aligned: it is scored
      // on the first stretch alone, as are the others.
      { sequence: 4, logLikelihood: -900 },
    ];
    const chosen = mostLikelyWarp(aligned, warps, 2);
    expect(chosen.warp).toBe(1.1);
    expect(chosen.logLikelihoods).toEqual(
      new Map([
        [0.9, -1000],
        [1, -990],
        [1.1, -900],
      ]),
    );
    // With the second stretch aligned everywhere, it counts too.
    expect(mostLikelyWarp([...aligned, { sequence: 5, logLikelihood: -700 }], warps, 2).warp).toBe(1);
  });

  it('stays unwarped on a tie or when no stretch was aligned under every warp', () => {
    const warps = [0.9, 1, 1.1];
    expect(
      mostLikelyWarp(
        [0, 1, 2].map((sequence) => ({ sequence, logLikelihood: -100 })),
        warps,
        1,
      ).warp,
    ).toBe(1);
    expect(mostLikelyWarp([{ sequence: 0, logLikelihood: -1 }], warps, 1)).toEqual({ warp: 1, logLikelihoods: new Map() });
  });
});
