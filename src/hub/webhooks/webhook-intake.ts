import type { IncomingHttpHeaders } from 'node:http';
import { AppError } from '../../lib/errors/app-error.js';
import { assertSafeJson } from '../../lib/http/json-body.js';
import type { HubContext } from '../hub-context.js';
import type { OutboxRelay } from './outbox-relay.js';
import { ReceiptOutbox } from './receipt-outbox.js';
import type { ReceiverCredentialsSource } from './receiver-credentials.js';
import { recordWebhookRejection } from './record-rejection.js';
import { verifyWebhook, WebhookRejectedError } from './verify-webhook.js';
import { readWebhookEvent, type WebhookEvent } from './webhook-event.js';
import { webhooksReceived } from './webhook-metrics.js';

/** A test event (`test.ping`, docs/decisions.md): acknowledged once verified, nothing to mirror. */
const isTestEvent = (parsed: unknown) =>
  typeof parsed === 'object' && parsed !== null && (parsed as { type?: unknown }).type === 'test.ping';

const unreadableBody =
  'Webhook body must be a JSON object naming a transcription id (a UUID) as data.transcription_id, transcription_id, data.id or id';

/** A receipt's key: one per transcription and receiver URL (success or error). */
export const receiptId = (transcriptionId: string, outcome: 'success' | 'error') => `tx-${transcriptionId}-${outcome}`;

const jsonBytes = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');

/** The receiver's three answers (all 202), serialised once. */
export const receiverAnswers = {
  accepted: jsonBytes({ data: { received: true, duplicate: false } }),
  duplicate: jsonBytes({ data: { received: true, duplicate: true } }),
  test: jsonBytes({ data: { received: true, duplicate: false, test: true } }),
};

export interface ReceiverOptions {
  credentials: ReceiverCredentialsSource;
  bodyLimitBytes: number;
  /** How long a receipt may wait for others to be committed with it (receipt-outbox.ts). */
  batchWaitMs?: number;
  /** The relay that queues the committed receipts' mirrors (outbox-relay.ts). */
  relay: OutboxRelay;
}

/** One webhook as received (receiver-surface.ts). */
export interface ReceivedWebhook {
  /** The URL's last segment, already checked by the caller. */
  outcome: 'success' | 'error';
  body: Buffer;
  headers: IncomingHttpHeaders;
  /** The URL's `token` query value, when it has exactly one. */
  token: string | undefined;
  requestId: string;
}

/** Receives one webhook: resolves with its 202 answer's JSON bytes, or throws the AppError it is refused with. */
export type WebhookIntake = (webhook: ReceivedWebhook) => Promise<Buffer>;

/**
 * The receiver's work between the raw body and the 202 (receiver-surface.ts serves it): verify →
 * receipt committed (receipt-outbox.ts) → the answer; the relay queues the mirror after. The body is parsed only
 * once verified, and only for the transcription id; the mirror fetches the rest. If the receipt
 * cannot be committed (PostgreSQL unreachable) the answer is 503, so the sender retries; once
 * committed it is acknowledged, and its mirror is queued right after, or by the relay's sweep if
 * Redis is down: an acknowledged webhook is never lost.
 */
export function createWebhookIntake(ctx: HubContext, options: ReceiverOptions): WebhookIntake {
  const receipts = new ReceiptOutbox(ctx.db, options.relay, { maxWaitMs: options.batchWaitMs });

  return async ({ outcome, body, headers, token, requestId }) => {
    if (body.length === 0) throw new AppError('invalid_value', 'Empty webhook body');

    const webhookId = typeof headers['webhook-id'] === 'string' ? headers['webhook-id'] : null;
    const refuse = (verdict: 'bad_signature' | 'stale' | 'malformed', reason: string) => {
      webhooksReceived.inc({ outcome: verdict });
      return recordWebhookRejection(ctx.db, ctx.logger, { outcome: verdict, reason, webhookId, path: outcome });
    };

    try {
      try {
        verifyWebhook(body, headers, token, await options.credentials());
      } catch (error) {
        // The embedded secret may have been rotated since it was read: read it again, once.
        if (!(error instanceof WebhookRejectedError) || error.outcome !== 'bad_signature' || !options.credentials.refresh?.()) throw error;
        verifyWebhook(body, headers, token, await options.credentials());
      }
    } catch (error) {
      if (!(error instanceof WebhookRejectedError)) throw error;
      ctx.logger.warn({ requestId, outcome, reason: error.message }, 'webhook refused');
      await refuse(error.outcome, error.message);
      throw new AppError('unauthorized', error.message);
    }

    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      ctx.logger.warn({ requestId, webhookId }, 'verified webhook whose body is not JSON');
      await refuse('malformed', 'Webhook body is not JSON');
      throw new AppError('invalid_json', 'Webhook body is not JSON');
    }
    let event: WebhookEvent | null = null;
    try {
      assertSafeJson(parsed);
      if (isTestEvent(parsed)) {
        webhooksReceived.inc({ outcome: 'test' });
        return receiverAnswers.test;
      }
      event = readWebhookEvent(parsed);
    } catch {
      event = null;
    }
    if (!event) {
      ctx.logger.warn({ requestId, webhookId }, 'verified webhook that names no transcription');
      await refuse('malformed', unreadableBody);
      throw new AppError('invalid_value', unreadableBody);
    }

    const { transcriptionId } = event;
    try {
      // Duplicates are told by transcription and outcome, not by body bytes or delivery id
      // (docs/mirror.md, "Webhooks are pokes"): one receipt, the repeat counted on it and queued
      // to mirror again, since the description does not say which changes a webhook announces.
      const { duplicate } = await receipts.submit({
        id: receiptId(transcriptionId, outcome),
        transcriptionId,
        eventType: event.type ?? 'unknown',
        outcome,
      });
      webhooksReceived.inc({ outcome: duplicate ? 'duplicate' : 'accepted' });
      return duplicate ? receiverAnswers.duplicate : receiverAnswers.accepted;
    } catch (error) {
      ctx.logger.error({ err: error, requestId, transcriptionId }, 'webhook receipt could not be made durable');
      throw new AppError('unavailable', 'Webhook not stored; retry later', { retryAfterSeconds: 5 });
    }
  };
}
