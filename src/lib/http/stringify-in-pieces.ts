/**
 * A JSON array as text in pieces whose concatenation is JSON.stringify(items): the items
 * stringified a few hundred at a time give flat strings that encode fast (send-json-pieces.ts),
 * without one string of the whole array. Items must not have a toJSON that depends on its key
 * (JSON.stringify passes the index, which restarts in each piece).
 */
export function stringifyInPieces(items: readonly unknown[], perPiece = 500): string[] {
  if (items.length === 0) return ['[]'];
  const pieces: string[] = ['['];
  for (let start = 0; start < items.length; start += perPiece) {
    if (start > 0) pieces.push(',');
    pieces.push(JSON.stringify(items.slice(start, start + perPiece)).slice(1, -1));
  }
  pieces.push(']');
  return pieces;
}
