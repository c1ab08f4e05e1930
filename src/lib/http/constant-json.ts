import type { Response } from 'express';

/** Express's compiled `etag fn` setting. */
export type EtagFn = (body: Buffer, encoding?: BufferEncoding) => string | undefined;

/** A JSON answer whose body never changes, serialised once. */
export interface ConstantJson {
  readonly value: unknown;
  readonly body: Buffer;
  /** The ETag the app's `etag fn` gives the body, worked out on first use per function. */
  etagOf(fn: EtagFn): string | undefined;
}

/** Serialises `value` once (the app sets no json replacer, spaces or escape, as `res.json` would use). */
export function prepareConstantJson(value: unknown): ConstantJson {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  let cached: { fn: EtagFn; etag: string | undefined } | undefined;
  return {
    value,
    body,
    etagOf(fn) {
      if (cached?.fn !== fn) cached = { fn, etag: fn(body) };
      return cached.etag;
    },
  };
}

/**
 * What `res.status(status).json(value)` sends to a POST, for a body that is always the same:
 * the same headers in the same order (Content-Type with charset, Content-Length, the app's ETag),
 * without stringifying, re-encoding and hashing the body on every answer. For POST routes only
 * (express's freshness check, 304 and HEAD handling never apply to a POST); anything else, or a
 * Content-Type already set, goes through `res.json`.
 */
export function sendConstantJson(res: Response, status: number, answer: ConstantJson): void {
  if (res.req.method !== 'POST' || res.getHeader('Content-Type') !== undefined) {
    res.status(status).json(answer.value);
    return;
  }
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (!res.getHeader('Transfer-Encoding')) res.setHeader('Content-Length', String(answer.body.length));
  const etagFn = res.app.get('etag fn') as EtagFn | undefined;
  if (!res.getHeader('ETag') && typeof etagFn === 'function') {
    const etag = answer.etagOf(etagFn);
    if (etag) res.setHeader('ETag', etag);
  }
  res.end(answer.body);
}
