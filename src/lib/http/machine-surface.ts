import type { IncomingMessage, ServerResponse } from 'node:http';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { Logger } from 'pino';
import type { AppError } from '../errors/app-error.js';
import { observeRequest } from '../metrics/request-metrics.js';
import { createAccessWatcher } from './access-log.js';
import { errorAnswerFor } from './error-handler.js';
import { requestIdFrom } from './request-id.js';
import { sendJsonPieces } from './send-json-pieces.js';

/** A plain Node request listener: what a server, supertest or createApp's dispatch calls. */
export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** One request as a route of a machine surface sees it. */
export interface SurfaceExchange {
  req: IncomingMessage;
  requestId: string;
  /** The route's parameters (`:outcome`). */
  params: Readonly<Record<string, string | undefined>>;
  /** The query's values: a string, or an array when a name is repeated. */
  query: Readonly<Record<string, string | string[] | undefined>>;
  /** Sets an answer header (the rate limit's counters); applies to errors too. */
  setHeader: (name: string, value: string) => void;
}

/** What a route answers: a value to send as JSON, JSON bytes prepared once, or JSON text in pieces (send-json-pieces.ts). */
export type SurfaceAnswer =
  | { status: number; json: unknown }
  | { status: number; body: Buffer }
  | { status: number; pieces: readonly string[] };

export interface SurfaceRoute {
  methods: readonly HTTPMethod[];
  /** find-my-way's pattern: `/api/get-configuration`, `/webhooks/transcriptions/:outcome`. */
  path: string;
  /** The request metrics' route label (docs/metrics.md). */
  label: string;
  handle: (exchange: SurfaceExchange) => Promise<SurfaceAnswer>;
}

export interface SurfaceOptions {
  /** Where the surface is mounted: its error log lines name the path below it. */
  mountPath: string;
  routes: readonly SurfaceRoute[];
  /** The 404 of a request no route matches (method and path below the mount). */
  notFound: (method: string, path: string) => AppError;
  /** The access log (access-log.ts). */
  accessLogger: Logger;
  /** Where the error answers are logged (error-handler.ts's errorAnswerFor). */
  errorLogger: Logger;
}

interface RouteStore {
  route: SurfaceRoute;
}

const pathOf = (url: string) => {
  const queryAt = url.indexOf('?');
  return queryAt < 0 ? url : url.slice(0, queryAt);
};

/**
 * One machine-facing HTTP surface (docs/performance.md, "One stack per surface") as a Node
 * request listener, with no framework underneath: find-my-way's router (a trailing slash and
 * capitals ignored), a request id (a sane incoming X-Request-Id or a new one, echoed), one access
 * log line (access-log.ts), one request-metrics observation labelled with the route, and every
 * error answered by the error model (errorAnswerFor) in `{"error": {...}}`. All the answer's
 * headers are written at once: X-Request-Id, the ones the route set, Content-Type and
 * Content-Length.
 */
export function createMachineSurface(options: SurfaceOptions): RequestListener {
  const router = FindMyWay({ ignoreTrailingSlash: true, caseSensitive: false });
  for (const route of options.routes) router.on([...route.methods], route.path, () => undefined, { route } satisfies RouteStore);
  const watchAccess = createAccessWatcher(options.accessLogger);
  const { mountPath, errorLogger } = options;

  return (req, res) => {
    const started = process.hrtime.bigint();
    const url = req.url ?? '/';
    const method = req.method ?? 'GET';
    const incomingId = req.headers['x-request-id'];
    const requestId = requestIdFrom(typeof incomingId === 'string' ? incomingId : undefined);
    watchAccess(req, res, requestId, url);
    const found = router.find(method as HTTPMethod, url);
    const route = (found?.store as RouteStore | undefined)?.route;
    const label = route?.label ?? 'unmatched';
    res.once('finish', () => observeRequest(method, label, res.statusCode, started));

    const headers: string[] = ['X-Request-Id', requestId];
    const setHeader = (name: string, value: string) => setIn(headers, name, value);
    const refuse = (error: unknown) => {
      // Past the first byte an error cannot be answered: the connection is closed instead.
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const answer = errorAnswerFor(error, { requestId, method, path: pathOf(url).slice(mountPath.length) || '/' });
      for (const [name, value] of answer.headers) setHeader(name, value);
      errorLogger[answer.log.level](answer.log.fields, answer.log.message);
      writeJson(res, answer.status, headers, Buffer.from(JSON.stringify(answer.body), 'utf8'));
    };
    if (!found || !route) {
      refuse(options.notFound(method, pathOf(url).slice(mountPath.length) || '/'));
      return;
    }
    const exchange: SurfaceExchange = { req, requestId, params: found.params, query: found.searchParams, setHeader };
    route
      .handle(exchange)
      .then((answer) => {
        if ('pieces' in answer) {
          for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i], headers[i + 1]);
          return sendJsonPieces(res, answer.status, answer.pieces);
        }
        writeJson(res, answer.status, headers, 'body' in answer ? answer.body : Buffer.from(JSON.stringify(answer.json), 'utf8'));
        return undefined;
      })
      .catch(refuse);
  };
}

/** Sets a header in a writeHead list as setHeader would: a name already there keeps its place and takes the new value. */
function setIn(headers: string[], name: string, value: string): void {
  const lower = name.toLowerCase();
  for (let i = 0; i < headers.length; i += 2) {
    if (headers[i].toLowerCase() === lower) {
      headers[i + 1] = value;
      return;
    }
  }
  headers.push(name, value);
}

function writeJson(res: ServerResponse, status: number, headers: readonly string[], body: Buffer): void {
  res.writeHead(status, [...headers, 'Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(body.length)]);
  res.end(body);
}
