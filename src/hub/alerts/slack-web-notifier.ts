import {
  LogLevel,
  WebAPIHTTPError,
  WebAPIPlatformError,
  WebAPIRateLimitedError,
  WebAPIRequestError,
  WebClient,
  WebClientEvent,
  type Logger as SlackLogger,
} from '@slack/web-api';
import type { Logger } from 'pino';
import { z } from 'zod';
import { SlackCallError, type SlackNotifier } from './slack-notifier.js';

export interface SlackWebNotifierOptions {
  botToken: string;
  /** Slack's Web API base URL (`https://slack.com/api/`; a fake one in tests). */
  apiUrl: string;
  timeoutMs: number;
  logger: Logger;
  fetch?: typeof fetch;
}

/** Errors after which Slack may have carried out the call (a post may exist). */
const uncertainPlatformErrors = new Set(['internal_error', 'fatal_error', 'service_unavailable', 'request_timeout']);
/** Network errors raised before the request reached Slack: nothing was done. */
const unsentNetworkCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ERR_INVALID_URL']);

const Posted = z.looseObject({ channel: z.string(), ts: z.string() });
const History = z.looseObject({
  messages: z
    .array(
      z.looseObject({
        ts: z.string(),
        metadata: z.looseObject({ event_type: z.string(), event_payload: z.record(z.string(), z.unknown()) }).optional(),
      }),
    )
    .default([]),
  has_more: z.boolean().optional(),
  response_metadata: z.looseObject({ next_cursor: z.string().optional() }).optional(),
});

/**
 * The Slack Web API through `@slack/web-api`'s WebClient, with its own retries switched off
 * (`retryConfig: { retries: 0 }`) and 429s rejected at once (`rejectRateLimitedCalls`). The
 * client would otherwise repeat a chat.postMessage after a time-out or a 5xx, when Slack may
 * already have posted it, and sleep through Retry-After inside a job. Instead every failure is
 * sorted (SlackCallError) and the jobs decide: a 429 is re-delayed by its Retry-After, an
 * uncertain post is checked for before it is made again (send-alert.ts).
 */
export function createSlackWebNotifier(options: SlackWebNotifierOptions): SlackNotifier {
  const log = options.logger.child({ component: 'slack' });
  const client = new WebClient(options.botToken, {
    slackApiUrl: options.apiUrl,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    timeout: options.timeoutMs,
    logger: slackLogger(log),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.on(WebClientEvent.RATE_LIMITED, (retryAfterSeconds: number, { url }: { url: string }) => {
    log.warn({ url, retryAfterSeconds }, 'slack rate limited the hub');
  });

  const call = async (method: string, args: Record<string, unknown>) => {
    try {
      return (await client.apiCall(method, args)) as unknown;
    } catch (error) {
      throw toSlackCallError(method, error);
    }
  };

  return {
    kind: 'slack',
    async postMessage(message) {
      const answer = Posted.parse(await call('chat.postMessage', { ...message, unfurl_links: false, unfurl_media: false }));
      return { channel: answer.channel, ts: answer.ts };
    },
    async updateMessage(message) {
      await call('chat.update', { channel: message.channel, ts: message.ts, text: message.text, blocks: message.blocks });
    },
    async findMessage(channel, since, eventType, payload) {
      let cursor: string | undefined;
      // A few pages at most: the marker is looked for only shortly after the post was attempted.
      for (let page = 0; page < 5; page += 1) {
        const answer = History.parse(
          await call('conversations.history', {
            channel,
            oldest: (since.getTime() / 1000).toFixed(6),
            include_all_metadata: true,
            limit: 200,
            ...(cursor ? { cursor } : {}),
          }),
        );
        const found = answer.messages.find(
          (m) =>
            m.metadata?.event_type === eventType &&
            Object.entries(payload).every(([key, value]) => m.metadata?.event_payload[key] === value),
        );
        if (found) return { ts: found.ts, channel };
        cursor = answer.response_metadata?.next_cursor;
        if (!answer.has_more || !cursor) return null;
      }
      return null;
    },
  };
}

/** Sorts a WebClient failure for the retry decisions (see SlackFailureKind). */
export function toSlackCallError(method: string, error: unknown): SlackCallError {
  if (error instanceof WebAPIRateLimitedError) {
    return new SlackCallError(
      'rate_limited',
      'rate_limited',
      `${method}: rate limited, retry after ${error.retryAfter} s`,
      error.retryAfter * 1000,
      { cause: error },
    );
  }
  if (error instanceof WebAPIPlatformError) {
    const code = error.data.error;
    if (code === 'ratelimited') return new SlackCallError('rate_limited', code, `${method}: ${code}`, 1_000, { cause: error });
    return new SlackCallError(uncertainPlatformErrors.has(code) ? 'uncertain' : 'permanent', code, `${method}: ${code}`, null, {
      cause: error,
    });
  }
  if (error instanceof WebAPIHTTPError) {
    const kind = error.statusCode >= 500 || error.statusCode === 408 ? 'uncertain' : 'permanent';
    return new SlackCallError(kind, `http_${error.statusCode}`, `${method}: HTTP ${error.statusCode} ${error.statusMessage}`, null, {
      cause: error,
    });
  }
  if (error instanceof WebAPIRequestError) {
    const code = networkCode(error.original);
    const kind = unsentNetworkCodes.has(code) ? 'not_delivered' : 'uncertain';
    return new SlackCallError(kind, code, `${method}: ${error.original.message}${code !== 'network_error' ? ` (${code})` : ''}`, null, {
      cause: error,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new SlackCallError('uncertain', 'unexpected', `${method}: ${message}`, null, { cause: error });
}

/** The code of a fetch failure: undici puts it on the cause; a time-out is a TimeoutError. */
function networkCode(error: Error): string {
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timeout';
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const code = (current as NodeJS.ErrnoException).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return 'network_error';
}

/** The WebClient's own logging, into pino (debug chatter stays at debug). */
function slackLogger(log: Logger): SlackLogger {
  let level = LogLevel.INFO;
  const text = (parts: unknown[]) => parts.map((p) => (typeof p === 'string' ? p : JSON.stringify(p))).join(' ');
  return {
    debug: (...parts: unknown[]) => log.debug(text(parts)),
    info: (...parts: unknown[]) => log.debug(text(parts)),
    warn: (...parts: unknown[]) => log.warn(text(parts)),
    error: (...parts: unknown[]) => log.error(text(parts)),
    setLevel: (next: LogLevel) => {
      level = next;
    },
    getLevel: () => level,
    setName: () => undefined,
  };
}
