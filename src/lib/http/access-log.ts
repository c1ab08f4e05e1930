/**
 * One log line per HTTP request: method, path with secret query values redacted
 * (receiver and upload URLs carry tokens), status, duration, request id. No headers are logged at
 * all (API keys, bearer tokens and signatures travel in them). 2xx and 3xx are `debug`, 4xx
 * `info`, 5xx `warn` (the error handler logs the 5xx's stack at `error`).
 */
import { performance } from 'node:perf_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

/** Query parameters whose values are credentials. */
const secretParams = /^(token|key|api_key|apikey|secret|signature|sig|code|password|access_token)$/i;

/** `/webhooks/transcriptions/success?token=abc` → `/webhooks/transcriptions/success?token=[redacted]`. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const params = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        /* a malformed name is kept as is */
      }
      return eq >= 0 && secretParams.test(decoded) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, query)}?${params.join('&')}`;
}

type Level = 'debug' | 'info' | 'warn';

/** Logs one request's line once its answer is sent or its connection closed. */
export type AccessWatcher = (req: IncomingMessage, res: ServerResponse, requestId: string, url: string) => void;

/**
 * A few lines rather than pino-http: the level is known only once the status is, and when it is
 * disabled (2xx at LOG_LEVEL=info or warn, as deployed) nothing is built or serialised at all.
 * `url` is the request's URL as received (Express's `originalUrl`).
 */
export function createAccessWatcher(logger: Logger): AccessWatcher {
  const http = logger.child({ component: 'http' });
  return (req, res, requestId, originalUrl) => {
    const started = performance.now();
    const done = () => {
      res.off('finish', done);
      res.off('close', done);
      const aborted = !res.writableFinished;
      const status = res.statusCode;
      const level: Level = aborted || status >= 500 ? 'warn' : status >= 400 ? 'info' : 'debug';
      if (!http.isLevelEnabled(level)) return;
      const url = redactUrl(originalUrl);
      const ms = Math.round(performance.now() - started);
      http[level](
        { req: { id: requestId, method: req.method, url }, res: { statusCode: status }, responseTime: ms },
        aborted ? `${req.method} ${url} ${status} aborted after ${ms} ms` : `${req.method} ${url} ${status} ${ms} ms`,
      );
    };
    res.on('finish', done);
    res.on('close', done);
  };
}

/** The access log as the app's middleware (after assignRequestId). */
export function accessLog(logger: Logger): RequestHandler {
  const watch = createAccessWatcher(logger);
  return (req, res, next) => {
    watch(req, res, req.requestId, req.originalUrl);
    next();
  };
}
