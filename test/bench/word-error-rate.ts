/** Word error rate: word-level edit distance (substitutions, insertions, deletions) over reference words. */
export function normaliseWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9' ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

export function wordErrors(reference: string, hypothesis: string): { errors: number; words: number } {
  const r = normaliseWords(reference);
  const h = normaliseWords(hypothesis);
  let previous = Array.from({ length: h.length + 1 }, (_, j) => j);
  for (let i = 1; i <= r.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= h.length; j += 1) {
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (r[i - 1] === h[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return { errors: previous[h.length] ?? 0, words: r.length };
}
