import { z } from 'zod';

/**
 * `{"<status>": <count>, ...}` with every status present: an object of named members rather than
 * a record with enum keys, so its JSON Schema defines each member it requires.
 */
export function countsOf<const K extends readonly string[]>(keys: K) {
  return z.object(Object.fromEntries(keys.map((key) => [key, z.number().int()])) as { [Key in K[number]]: z.ZodNumber });
}
