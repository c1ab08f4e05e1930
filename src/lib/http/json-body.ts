import express, { type RequestHandler } from 'express';

/**
 * Parses the body as JSON whatever its Content-Type (clients are told to send
 * application/json; a missing header should not turn a good body into a 400).
 * Failures reach the error handler as body-parser errors (see error-handler.ts).
 */
export function jsonBody(limitBytes: number): RequestHandler {
  return express.json({ type: () => true, limit: limitBytes, strict: false });
}
