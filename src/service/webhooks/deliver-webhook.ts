import { TimeoutError } from 'got';
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
export async function attemptWebhookDelivery(db: Db, deliveryId: string, settings: DeliverySettings, now: () => Date): Promise<AttemptOutcome> {
  const delivery = await db.webhookDelivery.findUnique({ where: { id: deliveryId }, include: { account: { select: signingSecretsSelect } } });
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
    const res = await settings.http.post(url, {
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
    statusCode = res.statusCode;
    excerpt = res.body.slice(0, 500) || null;
  } catch (caught) {
    const blocked = causeChain(caught).find((e): e is BlockedAddressError => e instanceof BlockedAddressError);
    // A refused address will not change by waiting: no retry.
    refused = blocked !== undefined;
    const timedOut = (caught as Error).name === 'TimeoutError' || caught instanceof TimeoutError || (caught as Error).name === 'AbortError';
    error = blocked ? `${blocked.message}, refused (ALLOW_PRIVATE_HOSTS can allow it)` : timedOut ? `no answer within ${settings.timeoutMs} ms` : rootMessage(caught);
  }
  const delivered = statusCode !== null && statusCode >= 200 && statusCode < 300;
  const retryable = !delivered && !refused && (statusCode === null || isRetryableStatus(statusCode));
  await db.$transaction([
    db.webhookAttempt.create({
      data: { deliveryId, number, startedAt, durationMs: now().getTime() - startedAt.getTime(), statusCode, error, responseExcerpt: excerpt },
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

/** After the last scheduled attempt: kept as failed, for replay. */
export async function markDeliveryFailed(db: Db, deliveryId: string): Promise<void> {
  await db.webhookDelivery.updateMany({ where: { id: deliveryId, status: 'pending' }, data: { status: 'failed', nextAttemptAt: null } });
}
