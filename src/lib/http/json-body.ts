import express, { type RequestHandler } from 'express';
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
  if (!text.isWellFormed())
    throw new AppError('invalid_value', 'Invalid body: strings must be valid Unicode (an unpaired surrogate was found)');
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
