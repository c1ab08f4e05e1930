import type { ServerResponse } from 'node:http';

/**
 * Writes a JSON answer already serialised in pieces, in order, without joining them into one
 * string first: each piece is encoded once, the total gives Content-Length (as res.json's
 * answers have), then the pieces are written as the socket takes them. Everything was built
 * before the first byte is sent, so a failure while building still becomes an ordinary error
 * answer; a client that goes away mid-answer stops the writing. No ETag: res.json hashes the
 * whole body for it, which a POST answer never uses. On Node's response (machine-surface.ts),
 * after the headers set before it.
 */
export async function sendJsonPieces(res: ServerResponse, status: number, pieces: readonly string[]): Promise<void> {
  const buffers = pieces.map((piece) => Buffer.from(piece, 'utf8'));
  let length = 0;
  for (const buffer of buffers) length += buffer.length;
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', String(length));
  for (const buffer of buffers) {
    if (res.destroyed) return;
    if (!res.write(buffer)) await drainOrClose(res);
  }
  if (!res.destroyed) res.end();
}

function drainOrClose(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
