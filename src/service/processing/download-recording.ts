import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { fetch, type Agent } from 'undici';
import { RecordingTooLargeError, type RecordingStorage } from '../storage/recording-storage.js';
import { causeChain, rootMessage } from '../../lib/errors/cause-chain.js';
import { assertUrlAllowed, BlockedAddressError, type NetworkPolicy } from '../../lib/network/network-guard.js';
import { ProcessingError } from './processing-error.js';

export interface DownloadSettings {
  timeoutMs: number;
  maxBytes: number;
  network: NetworkPolicy;
  agent: Agent;
}

const maxRedirects = 5;

/**
 * Streams a recording URL into storage: one time-out for the whole download (headers and body),
 * a byte cap enforced while streaming, redirects followed by hand so every hop is checked.
 * 5xx, 429 and connection errors are transient (the job retries); the rest is permanent.
 */
export async function downloadRecording(
  sourceUrl: string,
  storage: RecordingStorage,
  key: string,
  settings: DownloadSettings,
): Promise<{ bytes: number }> {
  const signal = AbortSignal.timeout(settings.timeoutMs);
  let url = new URL(sourceUrl);
  try {
    for (let hop = 0; ; hop += 1) {
      assertUrlAllowed(url, settings.network);
      const res = await fetch(url, { redirect: 'manual', dispatcher: settings.agent, signal });
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        await res.body?.cancel();
        if (hop >= maxRedirects) throw new ProcessingError('download_failed', `The recording URL redirected more than ${maxRedirects} times`);
        url = new URL(location, url);
        continue;
      }
      if (!res.ok || !res.body) {
        await res.body?.cancel();
        const transient = res.status >= 500 || res.status === 429;
        throw new ProcessingError('download_failed', `The recording URL answered HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''} (host ${url.host})`, !transient);
      }
      const declared = Number(res.headers.get('content-length') ?? Number.NaN);
      if (declared > settings.maxBytes) {
        await res.body.cancel();
        throw new RecordingTooLargeError(settings.maxBytes);
      }
      const body = Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
      return await storage.write(key, body, { maxBytes: settings.maxBytes, signal });
    }
  } catch (error) {
    throw toProcessingError(error, signal, settings.timeoutMs, url.host);
  }
}

function toProcessingError(error: unknown, signal: AbortSignal, timeoutMs: number, host: string): ProcessingError {
  if (error instanceof ProcessingError) return error;
  if (error instanceof RecordingTooLargeError) return new ProcessingError('recording_too_large', error.message);
  if (signal.aborted) {
    return new ProcessingError('download_timeout', `The recording was not downloaded within ${Math.round(timeoutMs / 1000)} s (host ${host})`);
  }
  const chain = causeChain(error);
  const blocked = chain.find((e): e is BlockedAddressError => e instanceof BlockedAddressError);
  if (blocked) return new ProcessingError('download_failed', `The recording URL is not allowed: ${blocked.message}`);
  // undici reports network failures as TypeError("fetch failed") with the real reason as cause.
  return new ProcessingError('download_failed', `The recording could not be downloaded from host ${host}: ${rootMessage(error)}`, false, { cause: error });
}

