/**
 * The console's forms, one set of helpers for every page: input checked with zod (an empty field
 * counts as absent) and each change answered Post/Redirect/Get with a flash message, the session
 * saved before the redirect. A refusal the user can act on (bad input, not found, a conflict,
 * Slack or the upstream saying no or being down) comes back as an error on the page it was made
 * from; a script asking for JSON gets the error itself.
 */
import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { AppError } from '../../lib/errors/app-error.js';
import { safeReturnPath } from './auth/sign-in.js';
import { refuseNulCharacters } from './form-text.js';

type Flash = NonNullable<Request['session']['flash']>;

/** A form field sent once (a string) or repeated (an array, such as ticked checkboxes): always a list. */
export const listOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : [];

/** An optional form or query field: '' (an empty input) is absent. */
export const optionalField = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

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

/**
 * Parses a form, a query or route parameters with a schema; the issues become one 400 message
 * (`Invalid filter: status: …; cursor: …`), `what` saying what was refused. Text holding a NUL
 * character is refused first, whatever the schema (form-text.ts).
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  refuseNulCharacters(value, what);
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success)
    throw new AppError(
      'invalid_value',
      `${what}: ${parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ')}`,
    );
  return parsed.data;
}

/** What a console action did: the flash to show (an error when `kind` says so) and where to go. */
export interface ActionOutcome {
  /**
   * null: no flash, the session left untouched, so it cannot overwrite the flash a concurrent
   * request of the same session just saved (a double-click's first, which did the change).
   */
  flash: string | null;
  to: string;
  /** `error`: the change was attempted and did not happen (the digest no channel took), said in red. */
  kind?: 'ok' | 'error';
}

export interface ConsoleActionOptions {
  /**
   * The form field whose text a refusal keeps, flashed back as the flash's `draft` for the page to
   * put in the form again (the call view's note): a long text is not lost to a refusal.
   */
  draft?: string;
}

/** The refused form's draft, without NUL characters (the session is stored in PostgreSQL, which refuses them). */
function draftOf(req: Request, field: string | undefined): { draft?: string } {
  const value = field === undefined ? undefined : (req.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' && value !== '' ? { draft: value.replaceAll('\u0000', '').replace(/\r\n?/g, '\n') } : {};
}

/**
 * A console action (a POST, after the role check and the CSRF token): the handler does the change
 * and says what to flash and where to go. An AppError it throws is flashed as an error on the
 * page the form came from (its `return_to` field, else `back`, a path or one built from the
 * request, such as the call and criterion the form was on); a script asking for JSON gets the
 * error itself, with its status. Any other error reaches the error page (500, logged). With
 * `options.draft`, the refused field's text goes back with the flash (ConsoleActionOptions).
 */
export function consoleAction(
  back: string | ((req: Request) => string),
  handler: (req: Request, res: Response) => Promise<ActionOutcome>,
  options: ConsoleActionOptions = {},
): RequestHandler {
  return async (req, res) => {
    let flash: Flash;
    let to: string;
    try {
      const done = await handler(req, res);
      if (done.flash === null) return res.redirect(303, done.to);
      flash = { kind: done.kind ?? 'ok', text: done.flash };
      to = done.to;
    } catch (error) {
      if (!(error instanceof AppError) || req.accepts(['html', 'json']) === 'json') throw error;
      flash = { kind: 'error', text: error.message, ...draftOf(req, options.draft) };
      const returnTo = (req.body as Record<string, unknown> | undefined)?.return_to;
      to = returnTo === undefined ? (typeof back === 'string' ? back : back(req)) : safeReturnPath(returnTo);
    }
    await redirectWithFlash(req, res, flash, to);
  };
}

/**
 * Saves the session before the redirect is sent. Left to express-session, the save runs while the
 * 303's headers are already out, and a browser following the redirect at once can read the session
 * before the flash is in it (the message then shows a page late).
 */
const saveSession = (req: Request) =>
  new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err as Error) : resolve())));

/**
 * Flashes a message and redirects (303), the session saved first (see saveSession). A fragment in
 * `to` becomes the flash's `at`: the browser lands there, so a page can show the message there
 * rather than at its top, out of sight.
 */
export async function redirectWithFlash(req: Request, res: Response, flash: Flash, to: string): Promise<void> {
  const fragment = to.includes('#') ? to.slice(to.indexOf('#') + 1) : '';
  req.session.flash = fragment ? { ...flash, at: fragment } : flash;
  await saveSession(req);
  res.redirect(303, to);
}
