/**
 * Admin routes for the built-in service's outgoing webhooks, per account: deliveries with their
 * attempts, replay, recover-since, a test event, and signing-secret rotation. With the embedded
 * glue (not the hub) because they call the service; they serve every account of the built-in
 * service, followed by the hub or not.
 */
import { z } from 'zod';
import { Id } from '../contract/common.js';
import { defineAdminRoute } from '../hub/admin/admin-route.js';
import { Duration } from '../lib/time/duration.js';
import { findAccount } from '../service/accounts/find-account.js';
import { rotateWebhookSecret } from '../service/accounts/rotate-webhook-secret.js';
import { recoverFailedWebhookDeliveries, replayWebhookDelivery } from '../service/webhooks/replay-webhook-deliveries.js';
import { sendTestWebhook, testEventType } from '../service/webhooks/send-test-webhook.js';
import { findWebhookDelivery, listWebhookDeliveries, type WebhookDeliveryWithAttempts } from '../service/webhooks/webhook-delivery-list.js';

const Instant = z.iso.datetime({ offset: true, error: 'expected an ISO 8601 datetime' });
const AccountRef = z.object({ account: z.string().min(1).max(100) });
const DeliveryRef = AccountRef.extend({ deliveryId: Id });

const Attempt = z.object({
  number: z.number(),
  started_at: z.string(),
  duration_ms: z.number(),
  status_code: z.number().nullable(),
  error: z.string().nullable(),
  response_excerpt: z.string().nullable(),
});
const Delivery = z.object({
  id: z.string().describe('also the webhook-id header of every attempt'),
  event_type: z.string(),
  transcription_id: z.string().nullable(),
  url: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempt_count: z.number(),
  last_status_code: z.number().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable().describe('pending only: when the next attempt is due'),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  replay_count: z.number(),
  last_replayed_at: z.string().nullable(),
  attempts: z.array(Attempt),
});

const iso = (d: Date | null) => d?.toISOString() ?? null;
const toDelivery = (d: WebhookDeliveryWithAttempts): z.input<typeof Delivery> => ({
  id: d.id,
  event_type: d.eventType,
  transcription_id: d.transcriptionId,
  url: d.url,
  status: d.status,
  attempt_count: d.attemptCount,
  last_status_code: d.lastStatusCode,
  last_error: d.lastError,
  next_attempt_at: d.status === 'pending' ? iso(d.nextAttemptAt) : null,
  created_at: d.createdAt.toISOString(),
  delivered_at: iso(d.deliveredAt),
  replay_count: d.replayCount,
  last_replayed_at: iso(d.lastReplayedAt),
  attempts: d.attempts.map((a) => ({
    number: a.number,
    started_at: a.startedAt.toISOString(),
    duration_ms: a.durationMs,
    status_code: a.statusCode,
    error: a.error,
    response_excerpt: a.responseExcerpt,
  })),
});

export const adminDeliveryRoutes = [
  defineAdminRoute({
    method: 'get',
    path: '/accounts/:account/deliveries',
    errors: ['not_found'],
    summary: "An account's outgoing webhook deliveries, newest first, each with its attempts",
    tag: 'deliveries',
    params: AccountRef,
    query: z.object({
      status: z.enum(['pending', 'delivered', 'failed']).optional(),
      from: Instant.optional().describe('created at or after'),
      to: Instant.optional().describe('created before'),
      limit: z.coerce.number().int().min(1).max(200).default(50),
      cursor: z.string().max(200).optional(),
    }),
    response: z.object({ deliveries: z.array(Delivery), next_cursor: z.string().nullable() }),
    async handle({ params, query }, ctx) {
      const account = await findAccount(ctx.db, params.account);
      const page = await listWebhookDeliveries(ctx.db, account.id, {
        status: query.status,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
        limit: query.limit,
        cursor: query.cursor,
      });
      return { deliveries: page.deliveries.map(toDelivery), next_cursor: page.nextCursor };
    },
  }),
  defineAdminRoute({
    method: 'get',
    path: '/accounts/:account/deliveries/:deliveryId',
    errors: ['not_found'],
    summary: 'One outgoing webhook delivery with its attempts and body',
    tag: 'deliveries',
    params: DeliveryRef,
    response: Delivery.extend({ payload: z.string() }),
    async handle({ params }, ctx) {
      const account = await findAccount(ctx.db, params.account);
      const delivery = await findWebhookDelivery(ctx.db, account.id, params.deliveryId);
      return { ...toDelivery(delivery), payload: delivery.payload };
    },
  }),
  defineAdminRoute({
    method: 'post',
    path: '/accounts/:account/deliveries/:deliveryId/replay',
    errors: ['not_found', 'conflict'],
    summary: 'Replay a delivered or failed webhook: a new attempt series, same body and webhook-id, signed afresh (409 while pending)',
    tag: 'deliveries',
    status: 202,
    params: DeliveryRef,
    response: z.object({ id: z.string(), status: z.literal('pending') }),
    async handle({ params }, ctx) {
      const account = await findAccount(ctx.db, params.account);
      await replayWebhookDelivery(ctx.db, ctx.jobs, account.id, params.deliveryId, ctx.now());
      return { id: params.deliveryId, status: 'pending' as const };
    },
  }),
  defineAdminRoute({
    method: 'post',
    path: '/accounts/:account/deliveries/recover',
    errors: ['not_found'],
    summary: 'Re-send every failed delivery created at or after `since` (at most 1,000 per call; `has_more` says to call again)',
    tag: 'deliveries',
    status: 202,
    params: AccountRef,
    body: z.object({ since: Instant }),
    response: z.object({ recovered: z.number(), delivery_ids: z.array(z.string()), has_more: z.boolean() }),
    async handle({ params, body }, ctx) {
      const account = await findAccount(ctx.db, params.account);
      const { deliveryIds, hasMore } = await recoverFailedWebhookDeliveries(ctx.db, ctx.jobs, account.id, new Date(body.since), ctx.now());
      return { recovered: deliveryIds.length, delivery_ids: deliveryIds, has_more: hasMore };
    },
  }),
  defineAdminRoute({
    method: 'post',
    path: '/accounts/:account/configurations/:configurationId/test-webhook',
    errors: ['not_found', 'conflict'],
    summary: `Send a signed ${testEventType} event to the configuration's webhook URLs (a delivery like any other)`,
    tag: 'deliveries',
    status: 202,
    params: AccountRef.extend({ configurationId: Id }),
    response: z.object({ event_type: z.literal(testEventType), delivery_ids: z.array(z.string()) }),
    async handle({ params }, ctx) {
      const account = await findAccount(ctx.db, params.account);
      const ids = await sendTestWebhook(ctx.db, ctx.jobs, account.id, params.configurationId, ctx.now());
      return { event_type: testEventType, delivery_ids: ids };
    },
  }),
  defineAdminRoute({
    method: 'post',
    path: '/accounts/:account/rotate-secret',
    errors: ['not_found', 'conflict'],
    summary:
      'Rotate the webhook signing secret; the old one keeps signing too (two signatures) for `overlap` (default 24h, 0s drops it at once)',
    tag: 'deliveries',
    params: AccountRef,
    body: z.object({ overlap: Duration.prefault('24h').describe('e.g. 30m, 24h, 7d; at most 30d') }),
    response: z.object({
      id: z.string(),
      webhook_signing_secret: z.string(),
      previous_secret_expires_at: z.string().nullable().describe('until then webhooks carry a signature with the previous secret too'),
    }),
    async handle({ params, body }, ctx) {
      const account = await findAccount(ctx.db, params.account);
      const rotated = await rotateWebhookSecret(ctx.db, account.id, body.overlap, ctx.now());
      ctx.logger.info({ accountId: account.id, overlapMs: body.overlap }, 'webhook signing secret rotated');
      return {
        id: rotated.id,
        webhook_signing_secret: rotated.webhookSecret,
        previous_secret_expires_at: iso(rotated.previousWebhookSecretExpiresAt),
      };
    },
  }),
];
