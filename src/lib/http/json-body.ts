import express, { type Request, type RequestHandler, type Response } from 'express';
import { AppError } from '../errors/app-error.js';

/** Deeper JSON is refused: no API document nests this far, and recursion over it would overflow. */
export const maxJsonDepth = 32;

/**
 * Checks a parsed body in one iterative pass (no recursion, so hostile nesting cannot overflow
 * the stack): at most `maxJsonDepth` levels, and every string (keys too) well-formed Unicode
 * without NUL characters, which PostgreSQL text cannot store.
 */
export function assertSafeJson(value: unknown): void {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (typeof current === 'string') {
      assertSafeString(current);
    } else if (current !== null && typeof current === 'object') {
      if (depth >= maxJsonDepth) throw new AppError('invalid_value', `Invalid body: nested deeper than ${maxJsonDepth} levels`);
      if (Array.isArray(current)) for (const item of current) stack.push([item, depth + 1]);
      else {
        for (const [key, item] of Object.entries(current)) {
          assertSafeString(key);
          stack.push([item, depth + 1]);
        }
      }
    }
  }
}

function assertSafeString(text: string): void {
  if (!text.isWellFormed()) throw new AppError('invalid_value', 'Invalid body: strings must be valid Unicode (an unpaired surrogate was found)');
  if (text.includes('\u0000')) throw new AppError('invalid_value', 'Invalid body: strings must not contain NUL characters');
}

/**
 * Parses the body as JSON whatever its Content-Type (clients are told to send
 * application/json; a missing header should not turn a good body into a 400), then checks it
 * with assertSafeJson. Parse failures reach the error handler as body-parser errors.
 */
export function jsonBody(limitBytes: number): RequestHandler[] {
  const parse = express.json({ type: () => true, limit: limitBytes, strict: false });
  const check: RequestHandler = (req, _res, next) => {
    assertSafeJson(req.body);
    next();
  };
  return [parse, check];
}

/**
 * jsonBody as a function rather than middlewares: resolves with the checked body, or rejects with
 * the error the middlewares would have passed on (the same body-parser errors and AppErrors), so a
 * handler can read the body while it waits for something else.
 */
export function readJsonBody(limitBytes: number): (req: Request, res: Response) => Promise<unknown> {
  const parse = express.json({ type: () => true, limit: limitBytes, strict: false });
  return (req, res) =>
    new Promise((resolve, reject) => {
      parse(req, res, (error?: Error) => {
        if (error) {
          reject(error);
          return;
        }
        try {
          assertSafeJson(req.body);
          resolve(req.body);
        } catch (unsafe) {
          reject(unsafe instanceof Error ? unsafe : new Error(String(unsafe)));
        }
      });
    });
}

const charsetFreeType = /^[^;]*$/;
const utf8JsonType = /^application\/json; ?charset=utf-8$/i;

/**
 * A Content-Type with which jsonBody reads the body as plain UTF-8: none, one without parameters
 * (body-parser's charset is then utf-8, whatever the type), or application/json with
 * charset=utf-8. Other charsets (415, or utf-16 decoded) and odd parameters are left to jsonBody.
 */
export const isUtf8JsonContentType = (header: string | undefined): boolean =>
  header === undefined || charsetFreeType.test(header) || utf8JsonType.test(header);

/**
 * What jsonBody makes of a whole body read with such a Content-Type, for readers outside Express
 * (api-fast-path.ts): UTF-8 without a leading byte-order mark (body-parser decodes with
 * iconv-lite, which drops it), `{}` for an empty body, else JSON.parse (strict: false), then
 * assertSafeJson. Failures are the AppErrors the error model gives body-parser's.
 */
export function parseJsonBody(body: Buffer): unknown {
  let text = body.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.length === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError('invalid_json', 'Invalid JSON format');
  }
  assertSafeJson(value);
  return value;
}
