/**
 * Redis Cluster hash tags (docs/operations.md "Redis topologies"): a cluster places a key by the
 * text between its first `{` and the next `}`, when that text is not empty, else by the whole key.
 * Every key of one script or transaction must land in one slot; tagging them with the same value
 * (an account id) guarantees it, on a cluster and harmlessly on a single Redis.
 */

/** `{value}`: the tag that places every key containing it in one slot. */
export function hashTag(value: string): string {
  if (value.includes('{') || value.includes('}')) throw new Error(`a hash tag cannot contain braces: ${value}`);
  return `{${value}}`;
}

/** The part of a key a cluster hashes: its tag's text, or the whole key when it has none. */
export function hashedPart(key: string): string {
  const open = key.indexOf('{');
  if (open === -1) return key;
  const close = key.indexOf('}', open + 1);
  if (close === -1 || close === open + 1) return key;
  return key.slice(open + 1, close);
}

/** Throws unless every key hashes to the same slot (the same hashed part), as a cluster requires. */
export function assertOneSlot(keys: readonly string[]): void {
  const [first, ...rest] = keys.map(hashedPart);
  const stray = rest.find((part) => part !== first);
  if (stray !== undefined) throw new Error(`keys of one Redis script must share a hash tag: ${keys.join(', ')}`);
}
