import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { AppError } from '../../../../../lib/errors/app-error.js';
import type { CallRecordings, RecordingAnswer } from './call-recordings.js';

export interface RecordingProxySettings {
  /** The recordings route, e.g. http://localhost:3000/recordings; the id is appended. */
  baseUrl: string;
  /** The account's API key (sent as x-api-key). */
  apiKey: () => Promise<string>;
  logger: Logger;
  /** Until the answer's headers, per attempt; default 10 s. */
  headersTimeoutMs?: number;
  /** Silence of the source while the body streams; default 30 s. */
  idleTimeoutMs?: number;
  /** Waits before the second, third… attempt; default 250 ms then 1 s (three attempts). */
  retryDelaysMs?: readonly number[];
}

/** An attempt that may succeed if tried again: no answer in time, a refused or cut connection, 5xx, 429. */
class TransientFailure extends Error {}

const passedHeaders = ['content-type', 'content-length', 'content-range', 'accept-ranges'] as const;

/**
 * The console's recordings from an HTTP source that serves them with Range support (the built-in
 * service's recordings route). Each attempt has a deadline for the answer's headers; a transient
 * failure is tried again before any byte reaches the browser; once the body streams, a silent
 * source ends it (the browser asks again from where it stopped, with a Range header).
 */
export function createRecordingProxy(settings: RecordingProxySettings): CallRecordings {
  const headersTimeoutMs = settings.headersTimeoutMs ?? 10_000;
  const idleTimeoutMs = settings.idleTimeoutMs ?? 30_000;
  const delays = settings.retryDelaysMs ?? [250, 1_000];
  return {
    async open(transcriptionId, range) {
      const url = new URL(`${settings.baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(transcriptionId)}`);
      const headers: Record<string, string> = { 'x-api-key': await settings.apiKey(), 'user-agent': 'convoqa-console/1' };
      if (range) headers.range = range;
      let lastFailure = '';
      for (let attempt = 0; attempt <= delays.length; attempt += 1) {
        if (attempt > 0) await sleep(delays[attempt - 1]);
        try {
          const answer = await fetchOnce(url, headers, { headersTimeoutMs, idleTimeoutMs });
          return await toRecordingAnswer(answer, transcriptionId);
        } catch (error) {
          if (!(error instanceof TransientFailure)) throw error;
          lastFailure = error.message;
          settings.logger.warn({ transcriptionId, attempt: attempt + 1, reason: lastFailure }, 'recording fetch failed');
        }
      }
      throw new AppError(
        'unavailable',
        `The recording could not be fetched from ${url.host} after ${delays.length + 1} attempts: ${lastFailure}`,
      );
    },
  };
}

function fetchOnce(
  url: URL,
  headers: Record<string, string>,
  limits: { headersTimeoutMs: number; idleTimeoutMs: number },
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(url, { headers, timeout: limits.idleTimeoutMs });
    const deadline = setTimeout(
      () => req.destroy(new TransientFailure(`no answer within ${limits.headersTimeoutMs} ms`)),
      limits.headersTimeoutMs,
    );
    req.on('timeout', () => req.destroy(new TransientFailure(`the source sent nothing for ${limits.idleTimeoutMs} ms`)));
    req.on('error', (error) => {
      clearTimeout(deadline);
      reject(error instanceof TransientFailure ? error : new TransientFailure(error.message));
    });
    req.on('response', (res) => {
      clearTimeout(deadline);
      resolve(res);
    });
    req.end();
  });
}

async function toRecordingAnswer(res: IncomingMessage, transcriptionId: string): Promise<RecordingAnswer> {
  const status = res.statusCode ?? 0;
  if (status === 200 || status === 206 || status === 416) {
    const headers: Record<string, string> = {};
    for (const name of passedHeaders) {
      const value = res.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    return { status, headers, body: res };
  }
  const message = await errorMessageOf(res);
  if (status >= 500 || status === 429) throw new TransientFailure(`HTTP ${status}${message ? ` (${message})` : ''}`);
  if (status === 404) throw new AppError('not_found', message ?? `No recording for call ${transcriptionId}`);
  throw new AppError('unavailable', `The recording source refused the request: HTTP ${status}${message ? ` (${message})` : ''}`);
}

/** The error model's message (`{"error": {"message"}}`) of a small JSON answer, if there is one. */
async function errorMessageOf(res: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res) {
      size += (chunk as Buffer).length;
      if (size > 16_384) break;
      chunks.push(chunk as Buffer);
    }
    const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { error?: { message?: unknown } };
    return typeof parsed.error?.message === 'string' ? parsed.error.message : null;
  } catch {
    return null;
  } finally {
    res.destroy();
  }
}
