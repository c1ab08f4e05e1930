import type { IncomingMessage } from 'node:http';
import { TimeoutError, type OptionsInit } from 'got';
import type { Db } from '../../db.js';
import { assertUrlAllowed, BlockedAddressError, type NetworkPolicy } from '../../lib/network/network-guard.js';
import { gotTimeouts, type OutboundHttp } from '../../lib/network/outbound-http.js';
import { causeChain, rootMessage } from '../../lib/errors/cause-chain.js';
import { signingSecretsSelect, signWebhook } from './sign-webhook.js';

export interface DeliverySettings {
  /** One attempt, connecting to reading the answer. */
  timeoutMs: number;
  network: NetworkPolicy;
  http: OutboundHttp;
}

export type AttemptOutcome =
  | { kind: 'delivered' }
  | { kind: 'already-done' }
  | { kind: 'retry'; reason: string; attempt: number }
  | { kind: 'give-up'; reason: string; attempt: number };

/** 408, 429 and 5xx are worth another try; any other non-2xx answer will not change. */
const isRetryableStatus = (status: number) => status === 408 || status === 429 || status >= 500;

/**
 * One attempt of one delivery: sign (Standard Webhooks, the account's secret and, during a
 * rotation's overlap, the previous one; the delivery id is the webhook-id on every attempt), POST
 * with a time-out and no redirects, record the attempt.
 */
export async function attemptWebhookDelivery(
  db: Db,
  deliveryId: string,
  settings: DeliverySettings,
  now: () => Date,
): Promise<AttemptOutcome> {
  const delivery = await db.webhookDelivery.findUnique({
    where: { id: deliveryId },
    include: { account: { select: signingSecretsSelect } },
  });
  if (!delivery || delivery.status !== 'pending') return { kind: 'already-done' };
  const number = delivery.attemptCount + 1;
  const startedAt = now();
  const signature = signWebhook(delivery.account, delivery.id, startedAt, delivery.payload);
  let statusCode: number | null = null;
  let error: string | null = null;
  let excerpt: string | null = null;
  let refused = false;
  try {
    const url = new URL(delivery.url);
    assertUrlAllowed(url, settings.network);
    const answer = await postAndReadExcerpt(settings.http, url, {
      signal: AbortSignal.timeout(settings.timeoutMs),
      timeout: gotTimeouts({ connectMs: settings.timeoutMs, idleMs: settings.timeoutMs, totalMs: settings.timeoutMs }),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'convoqa-webhooks/1',
        'webhook-id': delivery.id,
        'webhook-timestamp': String(Math.floor(startedAt.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body: delivery.payload,
    });
    statusCode = answer.statusCode;
    excerpt = answer.excerpt.slice(0, excerptChars) || null;
  } catch (caught) {
    const blocked = causeChain(caught).find((e): e is BlockedAddressError => e instanceof BlockedAddressError);
    // A refused address will not change by waiting: no retry.
    refused = blocked !== undefined;
    const timedOut = (caught as Error).name === 'TimeoutError' || caught instanceof TimeoutError || (caught as Error).name === 'AbortError';
    error = blocked
      ? `${blocked.message}, refused (ALLOW_PRIVATE_HOSTS can allow it)`
      : timedOut
        ? `no answer within ${settings.timeoutMs} ms`
        : rootMessage(caught);
  }
  const delivered = statusCode !== null && statusCode >= 200 && statusCode < 300;
  const retryable = !delivered && !refused && (statusCode === null || isRetryableStatus(statusCode));
  await db.$transaction([
    db.webhookAttempt.create({
      data: {
        deliveryId,
        number,
        startedAt,
        durationMs: now().getTime() - startedAt.getTime(),
        statusCode,
        error,
        responseExcerpt: excerpt,
      },
    }),
    db.webhookDelivery.update({
      where: { id: deliveryId },
      data: {
        attemptCount: number,
        lastStatusCode: statusCode,
        lastError: error ?? (delivered ? null : `HTTP ${statusCode}`),
        ...(delivered ? { status: 'delivered', deliveredAt: now(), nextAttemptAt: null } : {}),
        ...(!delivered && !retryable ? { status: 'failed', nextAttemptAt: null } : {}),
      },
    }),
  ]);
  if (delivered) return { kind: 'delivered' };
  const reason = error ?? `the receiver answered HTTP ${statusCode}`;
  // The retry schedule counts attempts within the current series (a replay starts a new one).
  const inSeries = number - delivery.seriesStartAttempt;
  return retryable ? { kind: 'retry', reason, attempt: inSeries } : { kind: 'give-up', reason, attempt: inSeries };
}

const excerptChars = 500;
/** What is read of a receiver's answer: enough for the excerpt, so an endless body costs nothing. */
const excerptBytes = 4 * 1024;

/** POSTs and reads the status and the first bytes of the answer, then closes the stream. */
async function postAndReadExcerpt(
  http: OutboundHttp,
  url: URL,
  options: OptionsInit & { isStream?: true },
): Promise<{ statusCode: number; excerpt: string }> {
  const stream = http.stream.post(url, options);
  // An error after the answer has been read must not go unheard once the stream is closed.
  stream.on('error', () => undefined);
  try {
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      stream.once('response', resolve);
      stream.once('error', reject);
    });
    const chunks: Buffer[] = [];
    let bytes = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        chunks.push(chunk);
        bytes += chunk.length;
        if (bytes >= excerptBytes) break;
      }
    } catch {
      // The answer's status is what counts; a body cut short only shortens the excerpt.
    }
    return { statusCode: response.statusCode ?? 0, excerpt: Buffer.concat(chunks).toString('utf8') };
  } finally {
    stream.destroy();
  }
}

/** After the last scheduled attempt: kept as failed, for replay. */
export async function markDeliveryFailed(db: Db, deliveryId: string): Promise<void> {
  await db.webhookDelivery.updateMany({ where: { id: deliveryId, status: 'pending' }, data: { status: 'failed', nextAttemptAt: null } });
}
