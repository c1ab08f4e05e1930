import type { Db } from '../db.js';
import type { DeliveryView, OutgoingDeliveries } from '../hub/console/pages/deliveries/outgoing-deliveries.js';
import type { JobQueues } from '../queues/job-queues.js';
import { findAccount } from '../service/accounts/find-account.js';
import { rotateWebhookSecret } from '../service/accounts/rotate-webhook-secret.js';
import { signingSecretVersion } from '../service/accounts/secrets.js';
import { recoverFailedWebhookDeliveries, replayWebhookDelivery } from '../service/webhooks/replay-webhook-deliveries.js';
import { sendTestWebhook } from '../service/webhooks/send-test-webhook.js';
import { findWebhookDelivery, listWebhookDeliveries, type WebhookDeliveryWithAttempts } from '../service/webhooks/webhook-delivery-list.js';

const toView = (d: WebhookDeliveryWithAttempts): DeliveryView => ({
  id: d.id,
  eventType: d.eventType,
  transcriptionId: d.transcriptionId,
  url: d.url,
  status: d.status,
  attemptCount: d.attemptCount,
  lastStatusCode: d.lastStatusCode,
  lastError: d.lastError,
  nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt : null,
  createdAt: d.createdAt,
  deliveredAt: d.deliveredAt,
  replayCount: d.replayCount,
  lastReplayedAt: d.lastReplayedAt,
  attempts: d.attempts.map((a) => ({
    number: a.number,
    startedAt: a.startedAt,
    durationMs: a.durationMs,
    statusCode: a.statusCode,
    error: a.error,
    responseExcerpt: a.responseExcerpt,
  })),
});

/**
 * The console's view of the built-in service's outgoing webhooks (hub/console/deliveries), on the
 * service's own functions, the same the admin API's delivery routes call (admin-delivery-routes.ts).
 */
export function createConsoleDeliveries(deps: { db: Db; jobs: JobQueues; now: () => Date }): OutgoingDeliveries {
  const { db, jobs, now } = deps;
  return {
    listAccounts: (limit) => db.account.findMany({ orderBy: { name: 'asc' }, take: limit, select: { id: true, name: true } }),
    async findAccount(ref) {
      const account = await findAccount(db, ref);
      const [secret, groups, configurations] = await Promise.all([
        db.account.findUniqueOrThrow({ where: { id: account.id }, select: { webhookSecret: true, previousWebhookSecretExpiresAt: true } }),
        db.webhookDelivery.groupBy({ by: ['status'], where: { accountId: account.id }, _count: { _all: true } }),
        db.configuration.findMany({
          where: { accountId: account.id, OR: [{ webhookSuccessUrl: { not: null } }, { webhookErrorUrl: { not: null } }] },
          orderBy: { createdAt: 'desc' },
          take: 100,
          select: { id: true, tag: true, webhookSuccessUrl: true, webhookErrorUrl: true },
        }),
      ]);
      const count = (status: string) => groups.find((g) => g.status === status)?._count._all ?? 0;
      const expiresAt = secret.previousWebhookSecretExpiresAt;
      return {
        id: account.id,
        name: account.name,
        previousSecretExpiresAt: expiresAt && expiresAt > now() ? expiresAt : null,
        secretVersion: signingSecretVersion(secret.webhookSecret),
        counts: { pending: count('pending'), delivered: count('delivered'), failed: count('failed') },
        configurations: configurations.map((c) => ({
          id: c.id,
          tag: c.tag,
          urls: [...new Set([c.webhookSuccessUrl, c.webhookErrorUrl].filter((u): u is string => !!u))],
        })),
      };
    },
    async listDeliveries(accountId, filter) {
      const page = await listWebhookDeliveries(db, accountId, filter);
      return { deliveries: page.deliveries.map(toView), nextCursor: page.nextCursor };
    },
    async findDelivery(accountId, deliveryId) {
      const delivery = await findWebhookDelivery(db, accountId, deliveryId);
      return { ...toView(delivery), payload: delivery.payload };
    },
    replay: (accountId, deliveryId) => replayWebhookDelivery(db, jobs, accountId, deliveryId, now()),
    countRecoverable: (accountId, since) => db.webhookDelivery.count({ where: { accountId, status: 'failed', createdAt: { gte: since } } }),
    recover: (accountId, since) => recoverFailedWebhookDeliveries(db, jobs, accountId, since, now()),
    sendTestEvent: (accountId, configurationId) => sendTestWebhook(db, jobs, accountId, configurationId, now()),
    async rotateSecret(accountId, overlapMs, fromVersion) {
      const rotated = await rotateWebhookSecret(db, accountId, overlapMs, now(), fromVersion);
      return { secret: rotated.webhookSecret, previousSecretExpiresAt: rotated.previousWebhookSecretExpiresAt };
    },
  };
}
