import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import iconv from 'iconv-lite';
import getRawBody from 'raw-body';
import { AppError } from '../errors/app-error.js';
import { assertSafeJson } from './json-body.js';

/**
 * Request bodies of the machine-facing surfaces (/api, /webhooks; docs/performance.md, "One stack
 * per surface"): Content-Length or chunked, identity, gzip, deflate or br, read up to a limit on
 * the decoded size (so a small compressed body cannot expand past it), with raw-body, node:zlib
 * and iconv-lite as body-parser reads them. Every refusal is an AppError of the error model:
 * 413 `payload_too_large` over the limit, 400 for an unknown Content-Encoding or charset, a
 * stream that does not decompress, or a body cut short. On a refusal the rest of the body is read
 * and dropped before the promise rejects, so the client, still sending, gets the answer.
 */

const decoders: Record<string, () => NodeJS.ReadWriteStream> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/** The body's stream, decompressed as its Content-Encoding says; `length` only when it is the raw stream's. */
function decodedStream(req: IncomingMessage): { stream: Readable | NodeJS.ReadWriteStream; length: string | undefined; encoding: string } {
  const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity' || encoding === '') return { stream: req, length: req.headers['content-length'], encoding };
  const makeDecoder = decoders[encoding];
  if (!makeDecoder)
    throw new AppError('invalid_value', `Unsupported Content-Encoding "${encoding}": send the body as identity, gzip, deflate or br`);
  return { stream: req.pipe(makeDecoder()), length: undefined, encoding };
}

interface RawBodyFailure {
  type?: unknown;
  limit?: unknown;
}

/** What a raw-body or zlib failure is answered with. */
function refusalOf(error: unknown, encoding: string, limitBytes: number): AppError {
  if (error instanceof AppError) return error;
  const type = (error as RawBodyFailure | null)?.type;
  if (type === 'entity.too.large') return new AppError('payload_too_large', `Request body exceeds the limit of ${limitBytes} bytes`);
  if (type === 'encoding.unsupported') return new AppError('invalid_value', 'Unsupported charset in Content-Type: send UTF-8 JSON');
  if (type === undefined && encoding !== 'identity' && encoding !== '') {
    return new AppError('invalid_value', `Invalid body: it does not decompress as ${encoding}`);
  }
  // request.aborted, request.size.invalid: the body ended before its Content-Length.
  return new AppError('invalid_json', 'Invalid JSON format');
}

/** Reads and drops what is left of the request, resolving once it has ended (or its connection closed). */
function drain(req: IncomingMessage): Promise<void> {
  if (req.complete || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    req.once('end', resolve);
    req.once('close', resolve);
    req.unpipe();
    req.resume();
  });
}

async function readDecoded<T extends Buffer | string>(req: IncomingMessage, limitBytes: number, charset: string | undefined): Promise<T> {
  let encoding = 'identity';
  try {
    const decoded = decodedStream(req);
    encoding = decoded.encoding;
    const options = { length: decoded.length, limit: limitBytes };
    return (await (charset === undefined
      ? getRawBody(decoded.stream, options)
      : getRawBody(decoded.stream, { ...options, encoding: charset }))) as T;
  } catch (error) {
    await drain(req);
    throw refusalOf(error, encoding, limitBytes);
  }
}

/** The whole body's bytes, decompressed (the receiver verifies signatures on them). */
export function readRawBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  return readDecoded<Buffer>(req, limitBytes, undefined);
}

const charsetParameter = /;\s*charset\s*=\s*"?([^";\s]+)"?/i;

/** The Content-Type's charset, utf-8 when it names none. */
export function charsetOf(contentType: string | undefined): string {
  const charset = contentType ? charsetParameter.exec(contentType)?.[1]?.toLowerCase() : undefined;
  return charset ?? 'utf-8';
}

/**
 * The body as JSON whatever its Content-Type (clients are told to send application/json; a missing
 * header should not turn a good body into a 400): decoded from its charset (any iconv-lite knows;
 * a leading byte-order mark dropped), `{}` for an empty body, then JSON.parse (any JSON value;
 * the operation's schema decides) and assertSafeJson.
 */
export async function readJsonBody(req: IncomingMessage, limitBytes: number): Promise<unknown> {
  const charset = charsetOf(req.headers['content-type']);
  if (!iconv.encodingExists(charset)) {
    await drain(req);
    throw new AppError('invalid_value', `Unsupported charset "${charsetOf(req.headers['content-type'])}" in Content-Type: send UTF-8 JSON`);
  }
  // UTF-8, nearly every body: Node's decoder, which gives what iconv-lite's would.
  if (charset === 'utf-8' || charset === 'utf8')
    return parseJsonText((await readDecoded<Buffer>(req, limitBytes, undefined)).toString('utf8'));
  return parseJsonText(await readDecoded<string>(req, limitBytes, charset));
}

/** Parses a decoded body: `{}` when empty, else JSON checked by assertSafeJson. */
export function parseJsonText(decoded: string): unknown {
  const text = decoded.charCodeAt(0) === 0xfeff ? decoded.slice(1) : decoded;
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
