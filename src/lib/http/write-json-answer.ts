import type { ServerResponse } from 'node:http';

/**
 * Writes a JSON body already encoded on a plain Node response, with the headers Express's
 * `res.status(status).json(value)` gives a POST and in its order: `headers` (set before the
 * answer: X-Request-Id, Retry-After…), then Content-Type with charset, Content-Length and the
 * ETag the app's `etag fn` gives the body. All in one writeHead, for answers served in front of
 * Express (receiver-fast-path.ts, api-fast-path.ts); a POST's answer is never a 304 and has a body.
 */
export function writeJsonAnswer(res: ServerResponse, status: number, headers: readonly string[], body: Buffer, etag: string | undefined): void {
  const all = [...headers, 'Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(body.length)];
  if (etag) all.push('ETag', etag);
  res.writeHead(status, all);
  res.end(body);
}
