import type { IncomingMessage } from 'node:http';
import { RequestError, TimeoutError, type Request } from 'got';
import { RecordingTooLargeError, type RecordingStorage } from '../storage/recording-storage.js';
import { causeChain, rootMessage } from '../../lib/errors/cause-chain.js';
import { assertUrlAllowed, BlockedAddressError, type NetworkPolicy } from '../../lib/network/network-guard.js';
import { gotTimeouts, type OutboundHttp } from '../../lib/network/outbound-http.js';
import { ProcessingError } from './processing-error.js';

export interface DownloadSettings {
  /** The whole download, headers and body (the spec's 60 s). */
  timeoutMs: number;
  maxBytes: number;
  network: NetworkPolicy;
  http: OutboundHttp;
  /** Connecting (DNS, TCP, TLS); default 10 s. */
  connectTimeoutMs?: number;
  /** Silence of the server while waiting for headers or between body chunks; default 30 s. */
  idleTimeoutMs?: number;
}

const maxRedirects = 5;

/**
 * Streams a recording URL into storage: one time-out for the whole download plus connect and idle
 * time-outs, a byte cap enforced while streaming, gzip/deflate/br bodies decoded, redirects
 * followed by hand so every hop is checked (and every connection, by the guarded agents).
 * 5xx, 429 and connection errors are transient (the job retries); the rest is permanent.
 */
export async function downloadRecording(
  sourceUrl: string,
  storage: RecordingStorage,
  key: string,
  settings: DownloadSettings,
): Promise<{ bytes: number }> {
  const signal = AbortSignal.timeout(settings.timeoutMs);
  const timeouts = {
    connectMs: settings.connectTimeoutMs ?? 10_000,
    idleMs: settings.idleTimeoutMs ?? 30_000,
    totalMs: settings.timeoutMs,
  };
  let url = new URL(sourceUrl);
  let stream: Request | undefined;
  try {
    for (let hop = 0; ; hop += 1) {
      assertUrlAllowed(url, settings.network);
      stream = settings.http.stream(url, { signal, timeout: gotTimeouts(timeouts), headers: { 'user-agent': 'convoqa-recordings/1' } });
      // Errors after the answer reach the storage's pipeline; this keeps one from going unheard before it.
      stream.on('error', () => undefined);
      const res = await answerOf(stream);
      const location = res.headers.location;
      if (res.statusCode >= 300 && res.statusCode < 400 && location) {
        stream.destroy();
        if (hop >= maxRedirects)
          throw new ProcessingError('download_failed', `The recording URL redirected more than ${maxRedirects} times`);
        url = new URL(location, url);
        continue;
      }
      if (res.statusCode < 200 || res.statusCode >= 300) {
        stream.destroy();
        const transient = res.statusCode >= 500 || res.statusCode === 429;
        throw new ProcessingError(
          'download_failed',
          `The recording URL answered HTTP ${res.statusCode}${res.statusMessage ? ` ${res.statusMessage}` : ''} (host ${url.host})`,
          !transient,
        );
      }
      const declared = Number(res.headers['content-length'] ?? Number.NaN);
      if (declared > settings.maxBytes) {
        stream.destroy();
        throw new RecordingTooLargeError(settings.maxBytes);
      }
      return await storage.write(key, stream, { maxBytes: settings.maxBytes, signal });
    }
  } catch (error) {
    stream?.destroy();
    throw toProcessingError(error, { signal, timeouts, url, received: stream?.downloadProgress });
  }
}

function answerOf(stream: Request): Promise<IncomingMessage & { statusCode: number }> {
  return new Promise((resolve, reject) => {
    stream.once('response', resolve);
    stream.once('error', reject);
  });
}

interface FailureContext {
  signal: AbortSignal;
  timeouts: { connectMs: number; idleMs: number; totalMs: number };
  url: URL;
  received: { transferred: number; total?: number } | undefined;
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`.replace('.0 s', ' s');

function toProcessingError(error: unknown, { signal, timeouts, url, received }: FailureContext): ProcessingError {
  if (error instanceof ProcessingError) return error;
  if (error instanceof RecordingTooLargeError) return new ProcessingError('recording_too_large', error.message);
  if (signal.aborted) {
    return new ProcessingError(
      'download_timeout',
      `The recording was not downloaded within ${Math.round(timeouts.totalMs / 1000)} s (host ${url.host})`,
    );
  }
  const chain = causeChain(error);
  const blocked = chain.find((e): e is BlockedAddressError => e instanceof BlockedAddressError);
  if (blocked) return new ProcessingError('download_failed', `The recording URL is not allowed: ${blocked.message}`);
  const host = url.host;
  if (error instanceof TimeoutError) {
    if (error.event === 'socket') {
      return new ProcessingError('download_timeout', `The recording server ${host} sent nothing for ${seconds(timeouts.idleMs)}`, false);
    }
    return new ProcessingError(
      'download_failed',
      `The recording server ${host} did not accept a connection within ${seconds(timeouts.connectMs)}`,
      false,
    );
  }
  if (error instanceof RequestError && error.response && received) {
    const expected = received.total ? ` of ${received.total}` : '';
    if (error.code.startsWith('HPE_')) {
      // node:http's parser refused the bytes (more body than Content-Length, a broken chunk): not worth retrying.
      return new ProcessingError(
        'download_failed',
        `The recording could not be downloaded from ${host}: the answer is not valid HTTP after ${received.transferred}${expected} bytes of the body (${rootMessage(error)})`,
        true,
        { cause: error },
      );
    }
    // The answer had started: the body was cut short.
    return new ProcessingError(
      'download_failed',
      `The recording could not be downloaded from ${host}: the connection closed after ${received.transferred}${expected} bytes of the body (${rootMessage(error)})`,
      false,
      { cause: error },
    );
  }
  return new ProcessingError('download_failed', `The recording could not be downloaded from host ${host}: ${rootMessage(error)}`, false, {
    cause: error,
  });
}
