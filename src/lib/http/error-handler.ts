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
  error instanceof Error &&
  typeof (error as Partial<BodyParserError>).type === 'string' &&
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

/** What an error is answered with, and how it is logged: the error model in one place, for any HTTP layer. */
export interface ErrorAnswer {
  status: number;
  /** Headers to set before the body's own (Content-Type, Content-Length, ETag), in this order. */
  headers: [string, string][];
  body: ErrorBody;
  log: { level: 'info' | 'error'; fields: Record<string, unknown>; message: string };
}

/**
 * `{"error": {"code", "message"}}` with the code's status for an AppError (or a body-parser
 * error); anything unexpected is a 500 with a generic message and the request id, its stack for the
 * log only. `request` is what the log line names (path as the router that answers sees it).
 */
export function errorAnswerFor(error: unknown, request: { requestId: string; method: string; path: string }): ErrorAnswer {
  const { requestId, method, path } = request;
  const appError = error instanceof AppError ? error : isBodyParserError(error) ? fromBodyParser(error) : null;
  if (!appError) {
    return {
      status: 500,
      headers: [],
      body: { error: { code: 'internal', message: 'Internal server error', request_id: requestId } },
      log: { level: 'error', fields: { requestId, method, path, err: error }, message: 'unhandled error' },
    };
  }
  const headers: [string, string][] = Object.entries(appError.options.headers ?? {});
  if (appError.options.retryAfterSeconds !== undefined) {
    headers.push(['Retry-After', String(Math.max(1, Math.ceil(appError.options.retryAfterSeconds)))]);
  }
  return {
    status: appError.status,
    headers,
    body: { error: { code: appError.code, message: appError.message } },
    log: {
      level: appError.status >= 500 ? 'error' : 'info',
      fields: { requestId, method, path, status: appError.status, code: appError.code, err: appError.status >= 500 ? appError : undefined },
      message: appError.message,
    },
  };
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
    const answer = errorAnswerFor(error, { requestId: req.requestId, method: req.method, path: req.path });
    for (const [name, value] of answer.headers) res.setHeader(name, value);
    logger[answer.log.level](answer.log.fields, answer.log.message);
    res.status(answer.status).json(answer.body);
  };
}
