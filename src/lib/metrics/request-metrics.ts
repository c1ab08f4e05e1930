import type { RequestHandler } from 'express';
import { Histogram } from 'prom-client';
import { metricsRegistry } from './metrics-registry.js';

/** Requests by method, route pattern (`/api/submit`, `/admin/accounts/:account`) and status; `_count` is the request count. */
export const httpRequestDuration = new Histogram({
  name: 'convoqa_http_request_duration_seconds',
  help: 'HTTP requests: duration by method, route pattern and status (the _count is the request count)',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/**
 * Times every request and observes it once the answer is sent: one histogram observation, labelled
 * with the route pattern Express matched (never the raw URL, whose ids and tokens would make a
 * series per request); `unmatched` when no route matched (404s of unknown paths).
 */
export function requestMetrics(): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const route = req.route ? `${req.baseUrl}${String((req.route as { path: unknown }).path)}` : 'unmatched';
      observeRequest(req.method, route, res.statusCode, started);
    });
    next();
  };
}

/** One request's observation, `started` from `process.hrtime.bigint()`; for answers served outside Express's router. */
export function observeRequest(method: string, route: string, status: number, started: bigint): void {
  httpRequestDuration.observe({ method, route, status }, Number(process.hrtime.bigint() - started) / 1e9);
}
