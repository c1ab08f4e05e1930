/**
 * The operator pages' forms: input checked with zod (an empty field counts as absent), and each
 * change answered Post/Redirect/Get with a flash message: a refusal the user can fix (bad input,
 * Slack or the upstream saying no) comes back as an error on the page it was made from.
 */
import type { Request, Response } from 'express';
import { z } from 'zod';
import { AppError } from '../../lib/errors/app-error.js';

/** An optional form field: '' (an empty input) is absent. */
export const optionalField = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** Parses a form or query; a refusal lists every problem in one sentence. */
export function parseForm<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input ?? {});
  if (!parsed.success) {
    throw new AppError('invalid_value', parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; '));
  }
  return parsed.data;
}

/** Runs a change, then redirects (303) to `back` with its outcome as the flash; errors other than AppError still reach the error page (500, logged). */
export async function act(req: Request, res: Response, back: string, work: () => Promise<string>): Promise<void> {
  try {
    req.session.flash = { kind: 'ok', text: await work() };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    req.session.flash = { kind: 'error', text: error.message };
  }
  res.redirect(303, back);
}
