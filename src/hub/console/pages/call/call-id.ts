import { z } from 'zod';
import { AppError } from '../../../../lib/errors/app-error.js';

const Id = z.guid({ error: 'Not a call id' }).transform((v) => v.toLowerCase());

/** A call id from a path or a form; anything else is a call that does not exist (404). */
export const parseCallId = (value: unknown): string => {
  const parsed = Id.safeParse(value);
  if (!parsed.success) throw new AppError('not_found', 'No such call');
  return parsed.data;
};
