import { parse as parseQuery } from 'node:querystring';
import type { Logger } from 'pino';
import { createAccessWatcher } from '../../lib/http/access-log.js';
import type { EtagFn } from '../../lib/http/constant-json.js';
import type { FrontHandler } from '../../lib/http/serve-before-express.js';
import { errorAnswerFor } from '../../lib/http/error-handler.js';
import { readRequestBody } from '../../lib/http/read-request-body.js';
import { requestIdFrom } from '../../lib/http/request-id.js';
import { writeJsonAnswer } from '../../lib/http/write-json-answer.js';
import { observeRequest } from '../../lib/metrics/request-metrics.js';
import type { WebhookIntake } from './webhook-intake.js';

/** The receiver's two URLs as the fast path takes them: exactly these bytes, no trailing slash, no escapes. */
const receiverPaths = new Map<string, 'success' | 'error'>([
  ['/webhooks/transcriptions/success', 'success'],
  ['/webhooks/transcriptions/error', 'error'],
]);
/** Where the receiver's router is mounted: its error answers log the path below it. */
const mountPath = '/webhooks';
/** The metrics label Express gives every answer of the receiver's route. */
const routeLabel = '/webhooks/transcriptions/:outcome';
/** Characters on which Express's URL reading (parseurl) falls back to url.parse: such URLs go to Express. */
const unusualUrlCharacters = /[\t\n\f\r #\u00a0\ufeff]/;
const decimal = /^\d+$/;

export interface ReceiverFastPathOptions {
  intake: WebhookIntake;
  /** The hub's logger: the receiver's error answers are logged to it, as its router's error handler does. */
  logger: Logger;
  /** The app's logger: the access log line (access-log.ts). */
  accessLogger: Logger;
  bodyLimitBytes: number;
  /** The app's compiled `etag fn`, so the answers carry the ETag `res.json` would give them. */
  etagFn: EtagFn | undefined;
}

/**
 * Serves the receiver's webhooks in front of Express: answers true when it took the request, false
 * to leave it to Express. Express's own dispatch costs more CPU than the whole answer (it swaps
 * the prototypes of Node's request and response, which alone costs about 100 µs a request, then
 * three middlewares, two routers and body-parser); this does what they do for these two URLs and
 * nothing else, with the same code where it matters: the request id (request-id.ts), the access
 * log (access-log.ts), the request metrics and its route label, the intake (webhook-intake.ts) and
 * the error model (error-handler.ts). Taken: POST to exactly one of the two paths, with a
 * Content-Length within the body limit and no Content-Encoding or Transfer-Encoding. Everything
 * else (other methods and paths, trailing slashes and escapes, chunked, compressed or too-large
 * bodies) goes to Express's receiver router, which answers it as it always has
 * (test/hub/mirror/receiver-fast-path.test.ts compares the two).
 */
export function createReceiverFastPath(options: ReceiverFastPathOptions): FrontHandler {
  const watchAccess = createAccessWatcher(options.accessLogger);
  const { intake, logger, bodyLimitBytes, etagFn } = options;

  return (req, res) => {
    if (req.method !== 'POST') return false;
    const url = req.url ?? '';
    const queryAt = url.indexOf('?');
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    const outcome = receiverPaths.get(path);
    if (!outcome || unusualUrlCharacters.test(url)) return false;
    const { headers } = req;
    const length = headers['content-length'];
    if (headers['transfer-encoding'] !== undefined || headers['content-encoding'] !== undefined) return false;
    if (length === undefined || !decimal.test(length) || Number(length) > bodyLimitBytes) return false;

    const started = process.hrtime.bigint();
    const incomingId = headers['x-request-id'];
    const requestId = requestIdFrom(typeof incomingId === 'string' ? incomingId : undefined);
    watchAccess(req, res, requestId, url);
    res.once('finish', () => observeRequest('POST', routeLabel, res.statusCode, started));

    const refuse = (error: unknown) => {
      const answer = errorAnswerFor(error, { requestId, method: 'POST', path: path.slice(mountPath.length) });
      logger[answer.log.level](answer.log.fields, answer.log.message);
      const body = Buffer.from(JSON.stringify(answer.body), 'utf8');
      writeJsonAnswer(res, answer.status, ['X-Request-Id', requestId, ...answer.headers.flat()], body, etagFn?.(body));
    };
    const receive = (body: Buffer) => {
      const query = queryAt < 0 ? undefined : parseQuery(url.slice(queryAt + 1)).token;
      const token = typeof query === 'string' ? query : undefined;
      intake({ outcome, body, headers, token, requestId }).then(
        (answer) => writeJsonAnswer(res, 202, ['X-Request-Id', requestId], answer.body, etagFn ? answer.etagOf(etagFn) : undefined),
        refuse,
      );
    };

    // An already finished request (its socket gone) cannot be answered; nothing is received.
    readRequestBody(req, Number(length)).then((body) => {
      if (body !== undefined) receive(body);
    }, refuse);
    return true;
  };
}
