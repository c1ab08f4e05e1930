import type { IncomingMessage } from 'node:http';
import { AppError } from '../errors/app-error.js';

/**
 * Reads a request's body of `length` bytes (its Content-Length, within the limit, no encoding)
 * from Node's own request, as raw-body does for body-parser: resolves with the bytes, or
 * undefined when the request had already finished (its socket gone: body-parser's on-finished
 * check, which then leaves `req.body` undefined); rejects an aborted or short body with the
 * error body-parser's `request.aborted` is answered with.
 */
export function readRequestBody(req: IncomingMessage, length: number): Promise<Buffer | undefined> {
  const { socket } = req;
  if (!socket || !socket.readable || (req.complete && !req.readable)) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
    };
    const onEnd = () => {
      stopReading();
      // Node's parser ends a body at its Content-Length; a shorter one is an aborted request.
      if (received !== length) reject(new AppError('invalid_json', 'Invalid JSON format'));
      else resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received));
    };
    const onAborted = () => {
      stopReading();
      reject(new AppError('invalid_json', 'Invalid JSON format'));
    };
    const stopReading = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('aborted', onAborted);
      req.off('error', onAborted);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('aborted', onAborted);
    req.on('error', onAborted);
  });
}
