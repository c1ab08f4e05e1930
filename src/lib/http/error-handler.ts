import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import type { ErrorBody } from '../../contract/errors.js';
import { AppError } from '../errors/app-error.js';

/** Errors thrown by express's body parser carry a `type` and a 4xx status. */
interface BodyParserError extends Error {
  type: string;
  status?: number;
  limit?: number;
}

const isBodyParserError = (error: unknown): error is BodyParserError =>
  error instanceof Error && typeof (error as Partial<BodyParserError>).type === 'string' &&
  typeof (error as Partial<BodyParserError>).status === 'number';

function fromBodyParser(error: BodyParserError): AppError {
  switch (error.type) {
    case 'entity.parse.failed':
      return new AppError('invalid_json', 'Invalid JSON format');
    case 'entity.too.large':
      return new AppError('payload_too_large', `Request body exceeds the limit of ${error.limit ?? 'the'} bytes`);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError('invalid_value', 'Unsupported body encoding: send UTF-8 JSON');
    default:
      return new AppError('invalid_json', 'Invalid JSON format');
  }
}

/**
 * The one place errors become answers: `{"error": {"code", "message"}}` with the code's status.
 * Anything unexpected is a 500 with a generic message and the request id; the stack goes to the
 * log only.
 */
export function createErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const appError = error instanceof AppError ? error : isBodyParserError(error) ? fromBodyParser(error) : null;
    if (appError) {
      for (const [name, value] of Object.entries(appError.options.headers ?? {})) res.setHeader(name, value);
      if (appError.options.retryAfterSeconds !== undefined) {
        res.setHeader('Retry-After', String(Math.max(1, Math.ceil(appError.options.retryAfterSeconds))));
      }
      const level = appError.status >= 500 ? 'error' : 'info';
      logger[level](
        { requestId: req.requestId, method: req.method, path: req.path, status: appError.status, code: appError.code, err: appError.status >= 500 ? appError : undefined },
        appError.message,
      );
      res.status(appError.status).json({ error: { code: appError.code, message: appError.message } } satisfies ErrorBody);
      return;
    }
    logger.error({ requestId: req.requestId, method: req.method, path: req.path, err: error }, 'unhandled error');
    res.status(500).json({
      error: { code: 'internal', message: 'Internal server error', request_id: req.requestId },
    } satisfies ErrorBody);
  };
}
