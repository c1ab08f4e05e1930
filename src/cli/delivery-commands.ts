import type { Command } from 'commander';
import type { Db } from '../db.js';
import { Duration } from '../lib/time/duration.js';
import { AppError } from '../lib/errors/app-error.js';
import type { JobQueues } from '../queues/job-queues.js';
import { findAccount } from '../service/accounts/find-account.js';
import { rotateWebhookSecret } from '../service/accounts/rotate-webhook-secret.js';
import { recoverFailedWebhookDeliveries, replayWebhookDelivery } from '../service/webhooks/replay-webhook-deliveries.js';
import { listWebhookDeliveries } from '../service/webhooks/webhook-delivery-list.js';
import { printLine, printListing } from './output.js';

/** Outgoing webhooks of the built-in service (docs/deliveries.md), as the admin API offers them. */
export function registerDeliveryCommands(program: Command, db: () => Db, openJobs: () => JobQueues): void {
  program
    .command('accounts:rotate-secret')
    .description('rotate the webhook signing secret; the old one keeps signing too for the overlap (default 24h, 0s: none)')
    .argument('<account>', 'account id or name')
    .option('--overlap <duration>', 'how long both secrets sign, e.g. 30m, 24h, 7d (at most 30d)', '24h')
    .action(async (ref: string, options: { overlap: string }) => {
      const overlap = Duration.safeParse(options.overlap);
      if (!overlap.success)
        throw new AppError('invalid_value', `Invalid --overlap "${options.overlap}": expected a duration like 30m, 24h or 7d`);
      const account = await findAccount(db(), ref);
      const rotated = await rotateWebhookSecret(db(), account.id, overlap.data, new Date());
      printLine(`signing secret  ${rotated.webhookSecret}`);
      printLine(
        rotated.previousWebhookSecretExpiresAt
          ? `the previous secret also signs until ${rotated.previousWebhookSecretExpiresAt.toISOString()}`
          : 'the previous secret no longer signs',
      );
    });

  program
    .command('deliveries:list')
    .description("an account's outgoing webhook deliveries, newest first")
    .argument('<account>', 'account id or name')
    .option('--status <status>', 'pending, delivered or failed')
    .option('--limit <n>', 'how many', '20')
    .action(async (ref: string, options: { status?: string; limit: string }) => {
      if (options.status && !['pending', 'delivered', 'failed'].includes(options.status)) {
        throw new AppError('invalid_value', `Invalid --status "${options.status}": expected pending, delivered or failed`);
      }
      const account = await findAccount(db(), ref);
      const { deliveries } = await listWebhookDeliveries(db(), account.id, {
        status: options.status as 'pending' | 'delivered' | 'failed' | undefined,
        limit: Math.min(200, Math.max(1, Number(options.limit) || 20)),
      });
      printListing(
        deliveries.map((d) => ({
          id: d.id,
          created: d.createdAt.toISOString(),
          event: d.eventType,
          status: d.status,
          attempts: String(d.attemptCount),
          last: d.lastError ?? (d.lastStatusCode === null ? '' : `HTTP ${d.lastStatusCode}`),
          url: d.url,
        })),
        'no deliveries',
      );
    });

  program
    .command('deliveries:replay')
    .description('replay one delivery (a new attempt series), or with --failed-since every failed one since a time')
    .argument('<account>', 'account id or name')
    .argument('[delivery-id]')
    .option('--failed-since <iso-datetime>', 'recover: every failed delivery created at or after this time')
    .action(async (ref: string, deliveryId: string | undefined, options: { failedSince?: string }) => {
      const account = await findAccount(db(), ref);
      if (options.failedSince) {
        const since = new Date(options.failedSince);
        if (Number.isNaN(since.getTime()))
          throw new AppError('invalid_value', `Invalid --failed-since "${options.failedSince}": expected an ISO 8601 datetime`);
        const { deliveryIds, hasMore } = await recoverFailedWebhookDeliveries(db(), openJobs(), account.id, since, new Date());
        printLine(`${deliveryIds.length} failed deliveries queued again${hasMore ? ' (more remain: run again)' : ''}`);
        return;
      }
      if (!deliveryId) throw new AppError('missing_field', 'Give a delivery id, or --failed-since <time>');
      await replayWebhookDelivery(db(), openJobs(), account.id, deliveryId, new Date());
      printLine(`delivery ${deliveryId} queued again`);
    });
}
