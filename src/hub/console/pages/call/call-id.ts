import { z } from 'zod';
import { AppError } from '../../../../lib/errors/app-error.js';

const Id = z.guid({ error: 'Not a call id' }).transform((v) => v.toLowerCase());

/** A call id from a path or a form; anything else is a call that does not exist (404). */
export const parseCallId = (value: unknown): string => {
  const parsed = Id.safeParse(value);
  if (!parsed.success) throw new AppError('not_found', 'No such call');
  return parsed.data;
};

/** Calls a bulk form may act on at once (a move, an assignment). */
export const maxSelectedCalls = 200;

/** The calls ticked in a bulk form (`ids`, one or many): at least one, at most `maxSelectedCalls`. */
export function parseSelectedCallIds(body: Record<string, unknown>): string[] {
  const ids = (Array.isArray(body.ids) ? body.ids : body.ids ? [body.ids] : []).map(parseCallId);
  if (ids.length === 0) throw new AppError('invalid_value', 'Select at least one call');
  if (ids.length > maxSelectedCalls) throw new AppError('invalid_value', `At most ${maxSelectedCalls} calls at once`);
  return ids;
}
