/**
 * The console's forms: input checked with zod (an empty field counts as absent), and each change
 * answered Post/Redirect/Get with a flash message: a refusal the user can fix (bad input, Slack or
 * the upstream saying no) comes back as an error on the page it was made from.
 */
import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { AppError } from '../../lib/errors/app-error.js';
import { safeReturnPath } from './auth/sign-in.js';

/** An empty form field is an absent one. */
export const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/**
 * A time from a form: `YYYY-MM-DDTHH:MM` as a `datetime-local` input sends it (read as UTC, which
 * the pages say), or an ISO 8601 datetime with its offset (from a link or a script).
 */
export const FormInstant = z
  .string()
  .max(40)
  .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(v) || z.iso.datetime({ offset: true }).safeParse(v).success, {
    error: 'expected a date and time such as 2026-11-24T09:30 (UTC)',
  })
  .transform((v) => new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(v) ? v : `${v}Z`))
  .refine((d) => !Number.isNaN(d.getTime()), { error: 'not a real date and time' });

/** A Date as a `datetime-local` input's value (UTC, to the minute). */
export const toFormInstant = (d: Date | undefined | null) => (d ? d.toISOString().slice(0, 16) : '');

/** Parses a form or a query with a schema; the issues become one clear 400 message. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, what = 'Invalid input'): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError('invalid_value', `${what}: ${parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ')}`);
  return parsed.data;
}

/**
 * A console action (POST, after the role check): the handler does the change and says what to
 * flash and where to go (post, redirect, get). A refused change (a 4xx AppError: invalid input, not
 * found, conflict) is flashed as an error on the page it came from; a script asking for JSON gets
 * the error itself.
 */
export function consoleAction(handler: (req: Request, res: Response) => Promise<{ flash: string; to: string }>): RequestHandler {
  return async (req, res) => {
    try {
      const { flash, to } = await handler(req, res);
      req.session.flash = { kind: 'ok', text: flash };
      res.redirect(303, to);
    } catch (error) {
      const refused = error instanceof AppError && error.status < 500;
      if (!refused || req.accepts(['html', 'json']) === 'json') throw error;
      req.session.flash = { kind: 'error', text: error.message };
      res.redirect(303, safeReturnPath((req.body as Record<string, unknown> | undefined)?.return_to));
    }
  };
}

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
