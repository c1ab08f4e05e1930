import pRetry, { AbortError } from 'p-retry';
import { rootMessage } from '../../lib/errors/cause-chain.js';
import got from 'got';

export interface OpenAiHttpOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  /** Retries after the first attempt (429, 5xx, network errors, time-outs). */
  retries?: number;
  /** Base of the exponential backoff; tests make it small. */
  backoffMs?: number;
}

class RetryableHttpError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number | null,
  ) {
    super(message);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * JSON and multipart POSTs to an OpenAI-compatible API with a bearer key, a time-out per attempt
 * and retries with exponential backoff (p-retry) that honour Retry-After. 4xx other than 408/429
 * fail at once: the request itself is wrong.
 */
export class OpenAiHttp {
  constructor(private readonly options: OpenAiHttpOptions) {}

  postJson(path: string, body: unknown): Promise<unknown> {
    return this.post(path, () => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }));
  }

  /** `buildForm` runs per attempt: a form body cannot be sent twice. */
  postForm(path: string, buildForm: () => Promise<FormData>): Promise<unknown> {
    return this.post(path, async () => ({ body: await buildForm(), headers: {} }));
  }

  private post(
    path: string,
    buildBody: () =>
      | Promise<{ body: string | FormData; headers: Record<string, string> }>
      | { body: string | FormData; headers: Record<string, string> },
  ): Promise<unknown> {
    const url = `${this.options.baseUrl}${path}`;
    return pRetry(
      async () => {
        const { body, headers } = await buildBody();
        let res;
        try {
          // got on node:http (docs/outbound-http.md); retries are p-retry's, so got makes none.
          res = await got.post(url, {
            headers: { authorization: `Bearer ${this.options.apiKey}`, ...headers },
            body,
            timeout: { connect: Math.min(10_000, this.options.timeoutMs), request: this.options.timeoutMs },
            retry: { limit: 0 },
            throwHttpErrors: false,
          });
        } catch (error) {
          const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${this.options.timeoutMs} ms` : rootMessage(error);
          throw new RetryableHttpError(`${path}: ${reason}`, null);
        }
        const text = res.body;
        const status = res.statusCode;
        if (status === 429 || status === 408 || status >= 500) {
          const retryAfter = Number(res.headers['retry-after']);
          throw new RetryableHttpError(`${path}: HTTP ${status}`, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : null);
        }
        if (status < 200 || status >= 300) throw new AbortError(`${path}: HTTP ${status}: ${text.slice(0, 300)}`);
        try {
          return JSON.parse(text) as unknown;
        } catch {
          throw new AbortError(`${path}: the answer is not JSON`);
        }
      },
      {
        retries: this.options.retries ?? 3,
        minTimeout: this.options.backoffMs ?? 1_000,
        factor: 2,
        onFailedAttempt: async ({ error }) => {
          if (error instanceof RetryableHttpError && error.retryAfterMs) await sleep(error.retryAfterMs);
        },
      },
    );
  }
}
