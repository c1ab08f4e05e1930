/**
 * One operation call over HTTP: pacing before every attempt, a time-out per attempt, retries by
 * the policy in retry-policy.ts. Each attempt is one got request on node:http (the outbound stack
 * of docs/outbound-http.md); got itself retries nothing, follows no redirect and throws on no
 * status, so the loop below owns the schedule: Retry-After on 429/503, else exponential backoff.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Got, Response } from 'got';
import type { Logger } from 'pino';
import { UpstreamErrorBody } from '../../contract/errors.js';
import { operationTraits, type OperationAlias, type OperationName } from '../../contract/operations.js';
import { pacingKey, pacingRule, type Pacer } from './pacing.js';
import { backoffDelay, classifyFailure, retryAfterMs, shouldRetry, type AttemptFailure } from './retry-policy.js';
import { kindForStatus, UpstreamError } from './upstream-error.js';

export interface TransportSettings {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  maxAttempts: number;
  backoffBaseMs: number;
  maxRetryAfterMs: number;
  rateLimitScale: number;
  pacingMarginMs: number;
  pacer: Pacer;
  logger: Logger;
  /** The got instance the attempts are sent with (tests extend it with hooks to observe the wire). */
  got: Got;
}

export interface SendOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface RawAnswer {
  status: number;
  text: string;
  requestId: string;
  attempts: number;
}

/** What one attempt ended with: an answer of any status (the body read within the attempt), or an error. */
type AttemptOutcome = { response: Response<string> } | { error: unknown };

export class HttpTransport {
  private readonly got: Got;

  constructor(private readonly settings: TransportSettings) {
    this.got = settings.got.extend({
      prefixUrl: `${settings.baseUrl}/`,
      headers: { 'x-api-key': settings.apiKey, 'content-type': 'application/json', accept: 'application/json' },
      http2: false,
      // A POST must not turn into a GET; a 3xx is an error that names the Location.
      followRedirect: false,
      // Every status is an answer the loop judges; got's own retries would skip the pacer and the policy.
      throwHttpErrors: false,
      retry: { limit: 0 },
      responseType: 'text',
    });
  }

  /** POSTs `body` to `<baseUrl>/<operation>`; resolves with any 2xx answer, throws UpstreamError otherwise. */
  async send(
    operation: OperationName | OperationAlias,
    canonical: OperationName,
    body: string,
    options: SendOptions = {},
  ): Promise<RawAnswer> {
    const { settings } = this;
    const traits = operationTraits[canonical];
    const rule = pacingRule(traits.limit, { scale: settings.rateLimitScale, marginMs: settings.pacingMarginMs });
    const bucket = pacingKey(settings.baseUrl, settings.apiKey, canonical);
    const timeoutMs = options.timeoutMs ?? settings.timeoutMs;
    // One per call, the same on every attempt (docs/hub-client.md, "Errors").
    const sentRequestId = randomUUID();
    const { signal } = options;

    for (let attempts = 1; ; attempts += 1) {
      try {
        const waitMs = await settings.pacer.reserve(bucket, rule);
        if (waitMs > 0) await sleep(waitMs, undefined, { signal });
        const outcome = await this.attempt(operation, body, sentRequestId, timeoutMs, signal);
        if ('response' in outcome && outcome.response.statusCode >= 200 && outcome.response.statusCode < 300) {
          const { response } = outcome;
          return {
            status: response.statusCode,
            text: response.body,
            requestId: header(response, 'x-request-id') ?? sentRequestId,
            attempts,
          };
        }
        const failure = 'response' in outcome ? this.answerFailure(outcome.response) : classifyFailure(outcome.error);
        if (attempts >= settings.maxAttempts || !shouldRetry(failure, traits)) {
          throw this.toUpstreamError(outcome, failure, operation, { sentRequestId, attempts, timeoutMs });
        }
        const retryAfter =
          'response' in outcome
            ? retryAfterMs(outcome.response.statusCode, header(outcome.response, 'retry-after'), Date.now())
            : undefined;
        const delayMs =
          retryAfter === undefined ? backoffDelay(settings.backoffBaseMs)(attempts) : Math.min(retryAfter, settings.maxRetryAfterMs);
        settings.logger.warn(
          { operation, attempt: attempts + 1, requestId: sentRequestId, reason: describe(failure), delayMs },
          'retrying upstream call',
        );
        await sleep(delayMs, undefined, { signal });
      } catch (error) {
        // The caller's abort wins over whatever it interrupted (pacing, an attempt, a wait).
        if (signal?.aborted) throw signal.reason;
        throw error;
      }
    }
  }

  /** One request, its whole body read within the attempt's time-out (a stalled body times out too). */
  private async attempt(
    operation: string,
    body: string,
    requestId: string,
    timeoutMs: number,
    signal: AbortSignal | undefined,
  ): Promise<AttemptOutcome> {
    try {
      const response = await this.got.post(operation, {
        body,
        headers: { 'x-request-id': requestId },
        // `request` runs from the start of the request to the end of the answer's body.
        timeout: { request: timeoutMs },
        ...(signal ? { signal } : {}),
      });
      return { response };
    } catch (error) {
      return { error };
    }
  }

  private answerFailure(response: Response<string>): AttemptFailure {
    return { type: 'http', status: response.statusCode, code: errorBody(response.body)?.code };
  }

  private toUpstreamError(
    outcome: AttemptOutcome,
    failure: AttemptFailure,
    operation: OperationName | OperationAlias,
    context: { sentRequestId: string; attempts: number; timeoutMs: number },
  ): unknown {
    const cause = 'error' in outcome ? outcome.error : undefined;
    const base = { operation, attempts: context.attempts, ...(cause === undefined ? {} : { cause }) };
    switch (failure.type) {
      case 'http': {
        const response = (outcome as { response: Response<string> }).response;
        const body = errorBody(response.body);
        const requestId = body?.request_id ?? header(response, 'x-request-id') ?? context.sentRequestId;
        const location = header(response, 'location');
        const fallbackMessage = location
          ? `HTTP ${failure.status} redirect to ${location}: check the upstream base URL`
          : `HTTP ${failure.status}${snippet(response.body)}`;
        return new UpstreamError({
          ...base,
          kind: kindForStatus(failure.status, body?.code),
          status: failure.status,
          code: body?.code ?? `http_${failure.status}`,
          message: body?.message ?? fallbackMessage,
          requestId,
        });
      }
      case 'timeout':
        return new UpstreamError({
          ...base,
          kind: 'timeout',
          status: null,
          code: 'timeout',
          message: `No answer within ${context.timeoutMs} ms`,
          requestId: context.sentRequestId,
        });
      case 'network': {
        const error = cause as { code?: string; message?: string };
        return new UpstreamError({
          ...base,
          kind: 'network',
          status: null,
          code: 'network_error',
          message: `Could not reach ${this.settings.baseUrl}: ${error.code ?? error.message ?? String(cause)}`,
          requestId: context.sentRequestId,
        });
      }
      case 'other':
        return cause;
      default: {
        const unreachable: never = failure;
        return unreachable;
      }
    }
  }
}

/** A header's value (the first, when repeated), or undefined. */
function header(response: Response<string>, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

const textMember = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 500) : undefined);

/**
 * An error answer's code and message. The API description does not name the error body's members
 * (docs/hub-client.md, "Reading answers"), so besides the built-in service's
 * `{ error: { code, message } }` the usual shapes are read: `{ error: "text" }`,
 * `{ message, code? }`, `{ error: { message } }`, `{ detail }`. Either part may be missing.
 */
function errorBody(text: string): { code?: string; message?: string; request_id?: string } | undefined {
  if (!text) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const ours = UpstreamErrorBody.safeParse(parsed);
  if (ours.success) return ours.data.error;
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const body = parsed as Record<string, unknown>;
  const inner = body.error !== null && typeof body.error === 'object' ? (body.error as Record<string, unknown>) : {};
  const found = {
    code: textMember(inner.code) ?? textMember(body.code) ?? textMember(body.error_code),
    message:
      textMember(inner.message) ??
      textMember(body.error) ??
      textMember(body.message) ??
      textMember(body.detail) ??
      textMember(body.error_description),
    request_id: textMember(inner.request_id) ?? textMember(body.request_id),
  };
  return found.code || found.message ? found : undefined;
}

function describe(failure: AttemptFailure): string {
  return failure.type === 'http' ? `${failure.status} ${failure.code ?? ''}`.trim() : failure.type;
}

/** The start of a body that is not the API's error JSON (a proxy's HTML page, say). */
function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat ? `: ${flat.slice(0, 200)}` : '';
}
