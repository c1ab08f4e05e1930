/** The `k` best tokens, best first. */
export function topTokens(scores: Float32Array, k: number): number[] {
  const best: number[] = [];
  for (let token = 0; token < scores.length; token += 1) {
    const score = scores[token] ?? -Infinity;
    if (best.length === k && score <= (scores[best[k - 1] ?? 0] ?? -Infinity)) continue;
    let at = best.length;
    while (at > 0 && score > (scores[best[at - 1] ?? 0] ?? -Infinity)) at -= 1;
    best.splice(at, 0, token);
    if (best.length > k) best.pop();
  }
  return best;
}

/** Natural-log softmax of one row of logits, in place of a copy. */
export function logSoftmax(logits: Float32Array): Float32Array {
  let max = -Infinity;
  for (const v of logits) if (v > max) max = v;
  let sum = 0;
  for (const v of logits) sum += Math.exp(v - max);
  const logSum = max + Math.log(sum);
  return logits.map((v) => v - logSum);
}
