/**
 * One log line per HTTP request (pino-http): method, path with secret query values redacted
 * (receiver and upload URLs carry tokens), status, duration, request id. No headers are logged at
 * all (API keys, bearer tokens and signatures travel in them). 2xx and 3xx are `debug`, 4xx
 * `info`, 5xx `warn` (the error handler logs the 5xx's stack at `error`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

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

export function accessLog(logger: Logger): RequestHandler {
  return pinoHttp<IncomingMessage & { requestId?: string }, ServerResponse>({
    logger: logger.child({ component: 'http' }),
    genReqId: (req) => req.requestId ?? '',
    quietReqLogger: true,
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'warn' : res.statusCode >= 400 ? 'info' : 'debug'),
    customSuccessMessage: (req, res, ms) => `${req.method} ${redactUrl(req.url ?? '')} ${res.statusCode} ${Math.round(ms)} ms`,
    customErrorMessage: (req, res) => `${req.method} ${redactUrl(req.url ?? '')} ${res.statusCode}`,
    serializers: {
      req: (req: { id?: unknown; method?: string; url?: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.url ?? '') }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
    wrapSerializers: false,
  });
}
