/** A Range request header read against a resource's size (RFC 9110, section 14). */
export type RangeAnswer = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

const singleRange = /^bytes=(\d*)-(\d*)$/;

/**
 * One byte range (`bytes=a-b`, `bytes=a-`, `bytes=-n`) of a resource of `size` bytes. A missing,
 * malformed or multi-part header answers the whole resource, as the RFC allows a server to; a
 * range that starts past the end is unsatisfiable (416).
 */
export function readByteRange(header: string | undefined, size: number): RangeAnswer {
  const match = header ? singleRange.exec(header.trim()) : null;
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return { kind: 'unsatisfiable' };
  if (end < start) return { kind: 'whole' };
  return { kind: 'part', start, end };
}

/** The Content-Range header of a part, or of a 416 (`bytes *\/size`). */
export function contentRange(answer: RangeAnswer, size: number): string | undefined {
  if (answer.kind === 'part') return `bytes ${answer.start}-${answer.end}/${size}`;
  if (answer.kind === 'unsatisfiable') return `bytes */${size}`;
  return undefined;
}
