/**
 * One operation call over HTTP: pacing before every attempt, a time-out per attempt, retries by
 * the policy in retry-policy.ts. ky (a small fetch wrapper) runs the attempt loop: it honours
 * Retry-After on 429/503, backs off exponentially otherwise, and times each attempt out.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import ky, { HTTPError, type KyInstance } from 'ky';
import type { Logger } from 'pino';
import { UpstreamErrorBody } from '../../contract/errors.js';
import { operationTraits, type OperationAlias, type OperationName } from '../../contract/operations.js';
import { pacingKey, pacingRule, type Pacer } from './pacing.js';
import { backoffDelay, classifyFailure, retriableStatuses, shouldRetry } from './retry-policy.js';
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
  fetch: typeof fetch;
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

const nullBodyStatuses = new Set([101, 204, 205, 304]);

export class HttpTransport {
  private readonly ky: KyInstance;
  /** Bodies read inside the attempt (so the time-out covers them), by response. */
  private readonly bodies = new WeakMap<Response, string>();

  constructor(private readonly settings: TransportSettings) {
    const baseFetch = settings.fetch;
    this.ky = ky.create({
      prefixUrl: settings.baseUrl,
      throwHttpErrors: true,
      redirect: 'manual',
      headers: { 'x-api-key': settings.apiKey, 'content-type': 'application/json', accept: 'application/json' },
      // Reads the whole body within the attempt, so a stalled body also hits the time-out.
      fetch: async (input, init) => {
        const response = await baseFetch(input, init);
        const text = await response.text();
        const copy = new Response(nullBodyStatuses.has(response.status) ? null : text, {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        });
        this.bodies.set(copy, text);
        return copy;
      },
    });
  }

  /** POSTs `body` to `<baseUrl>/<operation>`; resolves with any 2xx answer, throws UpstreamError otherwise. */
  async send(operation: OperationName | OperationAlias, canonical: OperationName, body: string, options: SendOptions = {}): Promise<RawAnswer> {
    const { settings } = this;
    const traits = operationTraits[canonical];
    const rule = pacingRule(traits.limit, { scale: settings.rateLimitScale, marginMs: settings.pacingMarginMs });
    const bucket = pacingKey(settings.baseUrl, settings.apiKey, canonical);
    const timeoutMs = options.timeoutMs ?? settings.timeoutMs;
    const sentRequestId = randomUUID();
    let attempts = 0;

    try {
      const response = await this.ky.post(operation, {
        body,
        headers: { 'x-request-id': sentRequestId },
        timeout: timeoutMs,
        signal: options.signal,
        retry: {
          limit: settings.maxAttempts - 1,
          methods: ['post'],
          statusCodes: [...retriableStatuses],
          afterStatusCodes: [429, 503],
          maxRetryAfter: settings.maxRetryAfterMs,
          delay: backoffDelay(settings.backoffBaseMs),
          retryOnTimeout: true,
          shouldRetry: ({ error }) => {
            if (options.signal?.aborted) return false;
            // false stops; undefined lets ky wait (Retry-After or backoff) and try again.
            return shouldRetry(classifyFailure(error, (r) => this.errorCode(r)), traits) ? undefined : false;
          },
        },
        hooks: {
          beforeRequest: [
            async () => {
              attempts += 1;
              const waitMs = await settings.pacer.reserve(bucket, rule);
              if (waitMs > 0) await sleep(waitMs, undefined, { signal: options.signal });
            },
          ],
          beforeRetry: [
            ({ error, retryCount }) => {
              settings.logger.warn(
                { operation, attempt: retryCount + 1, requestId: sentRequestId, reason: this.describe(error) },
                'retrying upstream call',
              );
            },
          ],
        },
      });
      return {
        status: response.status,
        text: this.bodies.get(response) ?? (await response.text()),
        requestId: response.headers.get('x-request-id') ?? sentRequestId,
        attempts,
      };
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      throw this.toUpstreamError(error, operation, { sentRequestId, attempts, timeoutMs });
    }
  }

  private errorBody(response: Response): UpstreamErrorBody['error'] | undefined {
    const text = this.bodies.get(response);
    if (!text) return undefined;
    try {
      const parsed = UpstreamErrorBody.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data.error : undefined;
    } catch {
      return undefined;
    }
  }

  private errorCode(response: Response): string | undefined {
    return this.errorBody(response)?.code;
  }

  private describe(error: unknown): string {
    if (error instanceof HTTPError) return `${error.response.status} ${this.errorCode(error.response) ?? ''}`.trim();
    return error instanceof Error ? error.name : String(error);
  }

  private toUpstreamError(
    error: unknown,
    operation: OperationName | OperationAlias,
    context: { sentRequestId: string; attempts: number; timeoutMs: number },
  ): unknown {
    const failure = classifyFailure(error, (r) => this.errorCode(r));
    const base = { operation, attempts: context.attempts, cause: error };
    switch (failure.type) {
      case 'http': {
        const response = (error as HTTPError).response;
        const body = this.errorBody(response);
        const requestId = body?.request_id ?? response.headers.get('x-request-id') ?? context.sentRequestId;
        const location = response.headers.get('location');
        const fallbackMessage = location
          ? `HTTP ${failure.status} redirect to ${location}: check the upstream base URL`
          : `HTTP ${failure.status}${this.snippet(response)}`;
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
        const cause = (error as Error).cause as { code?: string; message?: string } | undefined;
        return new UpstreamError({
          ...base,
          kind: 'network',
          status: null,
          code: 'network_error',
          message: `Could not reach ${this.settings.baseUrl}: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
          requestId: context.sentRequestId,
        });
      }
      case 'other':
        return error;
      default: {
        const unreachable: never = failure;
        return unreachable;
      }
    }
  }

  /** The start of a body that is not the API's error JSON (a proxy's HTML page, say). */
  private snippet(response: Response): string {
    const text = (this.bodies.get(response) ?? '').replace(/\s+/g, ' ').trim();
    return text ? `: ${text.slice(0, 200)}` : '';
  }
}
