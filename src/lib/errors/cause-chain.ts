/** The error and its causes, outermost first (HTTP clients wrap the real reason of a network failure). */
export function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current !== undefined && current !== null && chain.length < 6; ) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/** The innermost cause's message. */
export function rootMessage(error: unknown): string {
  const last = causeChain(error).at(-1);
  return last instanceof Error ? last.message : String(last);
}
