/**
 * The text a console form or query sends, checked once at the edge: a NUL character (U+0000) is
 * refused with a 400 that names the field, since PostgreSQL can neither store nor compare it
 * (docs/console.md "Security choices", Forms). parseInput (console-form.ts) checks every field it parses
 * this way, textField the one it reads.
 */
import { AppError } from '../../lib/errors/app-error.js';

const nulCharacter = '\u0000';

/** Throws invalid_value (400) naming the first field whose text holds U+0000; `what` says what was refused. */
export function refuseNulCharacters(value: unknown, what: string, path: readonly string[] = []): void {
  if (typeof value === 'string') {
    if (value.includes(nulCharacter))
      throw new AppError('invalid_value', `${what}: ${path.length ? `${path.join('.')}: ` : ''}contains a NUL character (U+0000)`);
    return;
  }
  // Form and query fields are flat, a JSON body a little deeper: a few levels cover both.
  if (value === null || typeof value !== 'object' || path.length > 8) return;
  for (const [key, item] of Object.entries(value)) {
    refuseNulCharacters(key, what, path);
    refuseNulCharacters(item, what, [...path, key]);
  }
}

/** A text field of a posted form ('' when absent or not text): the domain function checks it and says what is wrong. */
export const textField = (body: unknown, name: string): string => {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  if (typeof value !== 'string') return '';
  refuseNulCharacters(value, 'Not saved', [name]);
  return value;
};
