import { z } from 'zod';
import { onFirstUse, readDataJson } from './engine-data.js';

const wordValues = z.record(z.string().regex(/^[a-z]+$/), z.number().int().nonnegative());

/** spoken-numbers.json: how English says numbers and dates, for reading them and for the corpus. */
const SpokenNumbers = z.object({
  /** Number words below twenty and their values ("oh" is a zero said in a digit string). */
  units: wordValues,
  /** Twenty to ninety. */
  tens: wordValues,
  /** The days of a month as ordinals, the first to the thirty-first, in order. */
  ordinals: z.array(z.string()).length(31),
  /** January first, as `Date.getUTCMonth()` counts. */
  months: z.array(z.string()).length(12),
  /** Sunday first, as `Date.getUTCDay()` counts. */
  weekdays: z.array(z.string()).length(7),
});
export type SpokenNumbers = z.infer<typeof SpokenNumbers>;

export const spokenNumbers = onFirstUse(() => readDataJson('spoken-numbers.json', SpokenNumbers));
