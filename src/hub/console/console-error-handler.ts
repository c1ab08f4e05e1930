import type { ErrorRequestHandler } from 'express';
import { AppError } from '../../lib/errors/app-error.js';
import { postgresErrorCode } from '../../lib/errors/postgres-error-code.js';
import type { HubContext } from '../hub-context.js';
import { csrfToken } from './auth/csrf.js';
import { send } from './console-request.js';
import { errorPage } from './ui/error-view.js';

/**
 * Text PostgreSQL refuses to read (22021, a NUL character): the input's fault, not ours. The forms
 * and queries refuse it first (form-text.ts); this covers text read another way.
 */
const invalidText = new AppError('invalid_value', 'The text sent contains a character that cannot be stored (a NUL character, U+0000)');

/** Errors as a page (or JSON for scripts), with the error model's status. */
export function consoleErrorHandler(hub: HubContext): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const appError = error instanceof AppError ? error : postgresErrorCode(error) === '22021' ? invalidText : null;
    const status = appError?.status ?? 500;
    const message = appError ? appError.message : 'Something went wrong on our side; it is logged.';
    if (!appError) hub.logger.error({ err: error, path: req.path }, 'console error');
    if (req.accepts(['html', 'json']) === 'json') {
      res.status(status).json({ error: { code: appError?.code ?? 'internal', message } });
      return;
    }
    const frame = req.session ? { user: req.session.user ?? null, csrfToken: csrfToken(req) } : { user: null, csrfToken: '' };
    send(res, errorPage(frame, status, message), status);
  };
}
