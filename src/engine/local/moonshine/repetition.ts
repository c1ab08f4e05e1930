/**
 * A decoder that repeats itself (the same 2 to 8 tokens four times running, or one token ten times (a long number has six zeros),
 * as models of this kind do on noise or a cut word) has stopped transcribing: how many tokens at
 * the end are the repeats to cut, keeping one copy; 0 when there are none.
 */
export function repetitionToDrop(tokens: number[]): number {
  for (let size = 1; size <= 8; size += 1) {
    const repeats = size === 1 ? 10 : 4;
    if (tokens.length < size * repeats) continue;
    const tail = tokens.slice(-size);
    let isRepeat = true;
    for (let r = 2; r <= repeats && isRepeat; r += 1) {
      const earlier = tokens.slice(tokens.length - size * r, tokens.length - size * (r - 1));
      isRepeat = earlier.every((t, i) => t === tail[i]);
    }
    if (isRepeat) return size * (repeats - 1);
  }
  return 0;
}
