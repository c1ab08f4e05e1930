/**
 * Request bodies are strict: a member the operation does not know is refused, naming it and the
 * closest known member, so a misspelling ("metdata") is not silently dropped (docs/decisions.md,
 * "Unknown fields"). Answers stay loose (common.ts): the hub's client reads other deployments'
 * answers, which may add members.
 */
import { closest, distance } from 'fastest-levenshtein';
import { z } from 'zod';

const sortedLetters = (name: string) => [...name].sort().join('');

/**
 * The known member most like `unknown`, when it is close enough to be a likely misspelling: an
 * edit distance of at most a third of its length (at least 1), or the same letters swapped.
 */
export function closestField(unknown: string, known: readonly string[]): string | undefined {
  if (known.length === 0) return undefined;
  const name = unknown.toLowerCase();
  const candidate = closest(name, [...known]);
  const isNear = distance(name, candidate) <= Math.max(1, Math.floor(candidate.length / 3));
  return isNear || sortedLetters(name) === sortedLetters(candidate) ? candidate : undefined;
}

/**
 * `Unknown field "metdata"; did you mean "metadata"?`; several:
 * `Unknown fields "metdata" (did you mean "metadata"?), "foo"`.
 */
export function describeUnknownFields(names: readonly string[], known: readonly string[]): string {
  if (names.length === 1) {
    const [name = ''] = names;
    const suggestion = closestField(name, known);
    return `${unknownFieldsPrefix} "${name}"${suggestion === undefined ? '' : `; did you mean "${suggestion}"?`}`;
  }
  const each = names.map((name) => {
    const suggestion = closestField(name, known);
    return `"${name}"${suggestion === undefined ? '' : ` (did you mean "${suggestion}"?)`}`;
  });
  return `${unknownFieldsPrefix}s ${each.join(', ')}`;
}

/** Marks the message of an unknown-members issue so the service's error mapper recognises it. */
export const unknownFieldsPrefix = 'Unknown field';

/**
 * A strict request object. Its unknown-members issue carries the message
 * `Unknown field "metdata"; did you mean "metadata"?` (several: `Unknown fields "a", "b"`);
 * the service's validator prefixes the path of a nested object.
 */
export const requestObject = <Shape extends z.core.$ZodLooseShape>(shape: Shape) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? describeUnknownFields(issue.keys, Object.keys(shape)) : undefined),
  });
