import type { Logger } from 'pino';
import { createAccessWatcher } from '../../lib/http/access-log.js';
import type { EtagFn } from '../../lib/http/constant-json.js';
import { errorAnswerFor } from '../../lib/http/error-handler.js';
import { isUtf8JsonContentType, parseJsonBody } from '../../lib/http/json-body.js';
import { readRequestBody } from '../../lib/http/read-request-body.js';
import { requestIdFrom } from '../../lib/http/request-id.js';
import { sendJsonPieces } from '../../lib/http/send-json-pieces.js';
import type { FrontHandler } from '../../lib/http/serve-before-express.js';
import { writeJsonAnswer } from '../../lib/http/write-json-answer.js';
import { observeRequest } from '../../lib/metrics/request-metrics.js';
import type { OperationAnswer, OperationPipeline } from './api-operation-pipeline.js';

/** Where createApp mounts the API's router. */
const mountPath = '/api';
/** Characters on which Express's URL reading (parseurl) falls back to url.parse: such URLs go to Express. */
const unusualUrlCharacters = /[\t\n\f\r #\u00a0\ufeff]/;
const decimal = /^\d+$/;

export interface ApiFastPathOptions {
  /** The API's paths below /api with their pipelines (createOperationPipelines). */
  pipelines: ReadonlyMap<string, OperationPipeline>;
  /** The service's logger: the access log line (access-log.ts) and the error answers, as the API router's error handler logs them. */
  logger: Logger;
  bodyLimitBytes: number;
  /** The app's compiled `etag fn`, so the answers carry the ETag `res.json` would give them. */
  etagFn: EtagFn | undefined;
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

/**
 * Serves the API's operations in front of Express (serve-before-express.ts): answers true when it
 * took the request, false to leave it to Express. Express's own dispatch costs more CPU than a
 * cached read (it swaps the prototypes of Node's request and response, about 100 µs a request,
 * then three middlewares, the router and body-parser: docs/performance.md, "Serving in front of
 * Express"); this does what they do for these URLs with the same code: the request id, the access
 * log, the request metrics and their route label, the operation's pipeline (api-operation-pipeline.ts:
 * authentication, rate limit, quota, validation, handler), the body rules of jsonBody
 * (json-body.ts) and the error model (error-handler.ts). Taken: POST to exactly /api/<operation or
 * alias> (a query allowed), with a Content-Length within the body limit, no Content-Encoding or
 * Transfer-Encoding, and a Content-Type body-parser reads as plain UTF-8. Everything else (GET
 * /api/openapi.json, unknown operations, other methods, trailing slashes, escapes and other
 * capitalisations, chunked, compressed or too-large bodies, other charsets) goes to Express's
 * router, which answers it as it always has (test/service/api-fast-path.test.ts compares the two).
 */
export function createApiFastPath(options: ApiFastPathOptions): FrontHandler {
  const watchAccess = createAccessWatcher(options.logger);
  const { logger, bodyLimitBytes, etagFn } = options;
  const routes = new Map<string, { name: string; label: string; pipeline: OperationPipeline }>();
  for (const [name, pipeline] of options.pipelines) routes.set(`${mountPath}/${name}`, { name, label: `${mountPath}/${name}`, pipeline });

  return (req, res) => {
    if (req.method !== 'POST') return false;
    const url = req.url ?? '';
    const queryAt = url.indexOf('?');
    const route = routes.get(queryAt < 0 ? url : url.slice(0, queryAt));
    if (!route || unusualUrlCharacters.test(url)) return false;
    const { headers } = req;
    const length = headers['content-length'];
    if (headers['transfer-encoding'] !== undefined || headers['content-encoding'] !== undefined) return false;
    if (length === undefined || !decimal.test(length) || Number(length) > bodyLimitBytes) return false;
    if (!isUtf8JsonContentType(headers['content-type'])) return false;

    const started = process.hrtime.bigint();
    const incomingId = headers['x-request-id'];
    const requestId = requestIdFrom(typeof incomingId === 'string' ? incomingId : undefined);
    watchAccess(req, res, requestId, url);
    res.once('finish', () => observeRequest('POST', route.label, res.statusCode, started));

    // What Express's response would hold before the answer's own headers, in its order.
    const answerHeaders = ['X-Request-Id', requestId];
    const answer = (result: OperationAnswer) => {
      if (result.pieces) {
        for (let i = 0; i < answerHeaders.length; i += 2) res.setHeader(answerHeaders[i], answerHeaders[i + 1]);
        return sendJsonPieces(res, result.status, result.pieces);
      }
      const body = Buffer.from(JSON.stringify({ data: result.data }), 'utf8');
      writeJsonAnswer(res, result.status, answerHeaders, body, etagFn?.(body));
      return undefined;
    };
    const refuse = (error: unknown) => {
      // Past the first byte an error cannot be answered: Express's last handler closes the connection.
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const refusal = errorAnswerFor(error, { requestId, method: 'POST', path: `/${route.name}` });
      for (const [name, value] of refusal.headers) setIn(answerHeaders, name, value);
      logger[refusal.log.level](refusal.log.fields, refusal.log.message);
      const body = Buffer.from(JSON.stringify(refusal.body), 'utf8');
      writeJsonAnswer(res, refusal.status, answerHeaders, body, etagFn?.(body));
    };
    route
      .pipeline({
        headers,
        requestId,
        setHeader: (name, value) => setIn(answerHeaders, name, value),
        readBody: () => readRequestBody(req, Number(length)).then((body) => (body === undefined ? undefined : parseJsonBody(body))),
      })
      .then(answer)
      .catch(refuse);
    return true;
  };
}
