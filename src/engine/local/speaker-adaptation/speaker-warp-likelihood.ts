/**
 * Maximum-likelihood vocal tract length warp of one speaker (standard VTLN): the speaker's stretches
 * are turned into features once per candidate warp factor, sphinxtrain's `bw` aligns every copy to
 * the words the first decode heard there in one run, and the warp whose features the model explains
 * best (highest total log likelihood over the stretches aligned under every warp) is the speaker's.
 */

/** One utterance's alignment as bw reports it: its place in the control file and its log likelihood. */
export interface AlignedUtterance {
  sequence: number;
  logLikelihood: number;
}

// utt> seq id frames deleted states alpha beta reest prune frame_log_lik utt_log_lik ...
const uttLine = /^utt>\s+(\d+)\s+\S+\s+\d+\s+\d+\s+\d+\s+\d+\s+\d+\s+\d+\s+\S+\s+(\S+)\s+(\S+)/;

/** The utterances bw aligned (its `utt>` lines with a finite likelihood); ones it could not align are absent. */
export function alignedUtterances(bwOutput: string): AlignedUtterance[] {
  const aligned: AlignedUtterance[] = [];
  for (const line of bwOutput.split('\n')) {
    const m = uttLine.exec(line.trim());
    const logLikelihood = Number(m?.[3]);
    if (m && Number.isFinite(logLikelihood) && logLikelihood !== 0) aligned.push({ sequence: Number(m[1]), logLikelihood });
  }
  return aligned;
}

/**
 * The warp with the highest total log likelihood, the control file holding `stretches` utterances
 * per warp in the order of `warps` (sequence = warp index × stretches + stretch index). Only
 * stretches aligned under every warp count, so each warp is scored on the same frames. No such
 * stretch: 1 (unwarped).
 */
export function mostLikelyWarp(
  aligned: AlignedUtterance[],
  warps: number[],
  stretches: number,
): { warp: number; logLikelihoods: Map<number, number> } {
  const byStretch = new Map<number, Map<number, number>>();
  for (const { sequence, logLikelihood } of aligned) {
    const warpIndex = Math.floor(sequence / stretches);
    if (warpIndex >= warps.length) continue;
    const stretch = sequence % stretches;
    byStretch.set(stretch, (byStretch.get(stretch) ?? new Map<number, number>()).set(warpIndex, logLikelihood));
  }
  const totals = warps.map(() => 0);
  let common = 0;
  for (const perWarp of byStretch.values()) {
    if (perWarp.size !== warps.length) continue;
    common += 1;
    for (const [warpIndex, logLikelihood] of perWarp) totals[warpIndex] = (totals[warpIndex] ?? 0) + logLikelihood;
  }
  const logLikelihoods = new Map(warps.map((w, i) => [w, totals[i] ?? 0]));
  if (!common) return { warp: 1, logLikelihoods: new Map() };
  let best = warps.indexOf(1) >= 0 ? warps.indexOf(1) : 0;
  totals.forEach((total, i) => {
    if (total > (totals[best] ?? -Infinity)) best = i;
  });
  return { warp: warps[best] ?? 1, logLikelihoods };
}
