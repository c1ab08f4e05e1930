import type { Router } from 'express';
import { z } from 'zod';
import { AppError } from '../../../../lib/errors/app-error.js';
import { Duration } from '../../../../lib/time/duration.js';
import type { HubContext } from '../../../hub-context.js';
import { requireAdmin } from '../../auth/require-user.js';
import { consoleAction, FormInstant, parseInput } from '../../console-form.js';
import { frameOf, send } from '../../console-request.js';
import { AccountRef, DeliveryFilters } from './delivery-filters.js';
import type { OutgoingDeliveries } from './outgoing-deliveries.js';
import { deliveriesPage, deliveriesQuery, deliveriesUnavailablePage, notRunningHere } from './deliveries-view.js';
import { deliveryPage, recoverPage } from './delivery-view.js';

const DeliveryId = z.guid({ error: 'not a delivery id' }).transform((v) => v.toLowerCase());

const RecoverInput = z.object({ account: AccountRef, since: FormInstant });
const ReplayInput = z.object({ account: AccountRef });
const TestInput = z.object({ account: AccountRef, configuration: z.guid({ error: 'choose a configuration' }) });
const RotateInput = z.object({
  account: AccountRef,
  overlap: z.preprocess((v) => (v === '' || v === undefined ? '24h' : v), Duration),
  secret_version: z
    .string({ error: 'reload the page and rotate again' })
    .regex(/^[0-9a-f]{16}$/, { error: 'reload the page and rotate again' }),
});

/** A time as the flashes say it: `2026-11-28 03:11 UTC`. */
const formatUtcMinute = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Accounts listed in the picker. */
const pickerLimit = 500;

/**
 * The Deliveries page (/console/deliveries): the built-in service's outgoing webhooks per account,
 * every attempt, and for admins replay, recover-since, a test event and signing-secret rotation.
 * Without the built-in service in this process (`deliveries` undefined), the page says so.
 */
export function registerDeliveries(router: Router, hub: HubContext, deliveries: OutgoingDeliveries | undefined): void {
  router.get('/deliveries', async (req, res) => {
    if (!deliveries) return send(res, deliveriesUnavailablePage(frameOf(req)));
    const filters = parseInput(DeliveryFilters, req.query, 'Invalid filter');
    const accounts = await deliveries.listAccounts(pickerLimit);
    const ref = filters.account ?? (accounts.length === 1 ? accounts[0]?.id : undefined);
    if (!ref) return send(res, deliveriesPage(frameOf(req), { filters, accounts, account: null, page: null }));
    const account = await deliveries.findAccount(ref);
    const page = await deliveries.listDeliveries(account.id, {
      status: filters.status,
      from: filters.since,
      to: filters.until,
      cursor: filters.cursor,
      limit: 50,
    });
    const rotationRefused = req.query.rotation === 'refused';
    send(res, deliveriesPage(frameOf(req), { filters: { ...filters, account: account.id }, accounts, account, page, rotationRefused }));
  });

  // Before /deliveries/:id: what a recover would re-send, to confirm.
  router.get('/deliveries/recover', async (req, res) => {
    if (!deliveries) return send(res, deliveriesUnavailablePage(frameOf(req)));
    const input = parseInput(RecoverInput, req.query, 'Cannot recover');
    const account = await deliveries.findAccount(input.account);
    const count = await deliveries.countRecoverable(account.id, input.since);
    send(res, recoverPage(frameOf(req), { account, since: input.since, count }));
  });

  router.get('/deliveries/:id', async (req, res) => {
    if (!deliveries) return send(res, deliveriesUnavailablePage(frameOf(req)));
    const id = parseInput(DeliveryId, req.params.id, 'No such delivery');
    const { account: ref } = parseInput(ReplayInput, req.query, 'Which account');
    const account = await deliveries.findAccount(ref);
    send(res, deliveryPage(frameOf(req), { account, delivery: await deliveries.findDelivery(account.id, id) }));
  });

  const need = (): OutgoingDeliveries => {
    if (!deliveries) throw new AppError('unavailable', notRunningHere);
    return deliveries;
  };

  router.post(
    '/deliveries/:id/replay',
    requireAdmin,
    consoleAction('/console/deliveries', async (req) => {
      const id = parseInput(DeliveryId, req.params.id, 'No such delivery');
      const input = parseInput(ReplayInput, req.body, 'Cannot replay');
      const service = need();
      const account = await service.findAccount(input.account);
      await service.replay(account.id, id);
      hub.logger.info({ accountId: account.id, deliveryId: id, userId: req.session.user?.id }, 'console: webhook delivery replayed');
      return {
        flash: `Delivery ${id.slice(0, 8)} queued again: a new series of attempts, same body and webhook-id, signed afresh.`,
        to: `/console/deliveries/${id}${deliveriesQuery({ account: account.id })}`,
      };
    }),
  );

  router.post(
    '/deliveries/recover',
    requireAdmin,
    consoleAction('/console/deliveries', async (req) => {
      const input = parseInput(RecoverInput, req.body, 'Cannot recover');
      const service = need();
      const account = await service.findAccount(input.account);
      const { deliveryIds, hasMore } = await service.recover(account.id, input.since);
      hub.logger.info(
        { accountId: account.id, since: input.since, recovered: deliveryIds.length, userId: req.session.user?.id },
        'console: failed webhook deliveries recovered',
      );
      const n = deliveryIds.length;
      return {
        flash: `Re-sent ${n} failed deliver${n === 1 ? 'y' : 'ies'} created since ${formatUtcMinute(input.since)}.${
          hasMore ? ' More remain: recover again.' : ''
        }`,
        to: `/console/deliveries${deliveriesQuery({ account: account.id })}`,
      };
    }),
  );

  router.post(
    '/deliveries/test',
    requireAdmin,
    consoleAction('/console/deliveries', async (req) => {
      const input = parseInput(TestInput, req.body, 'Cannot send a test event');
      const service = need();
      const account = await service.findAccount(input.account);
      const ids = await service.sendTestEvent(account.id, input.configuration);
      hub.logger.info(
        { accountId: account.id, configurationId: input.configuration, userId: req.session.user?.id },
        'console: test webhook sent',
      );
      return {
        flash: `Test event queued to ${ids.length} URL${ids.length === 1 ? '' : 's'}: it is listed below like any delivery.`,
        to: `/console/deliveries${deliveriesQuery({ account: account.id })}`,
      };
    }),
  );

  router.post(
    '/deliveries/rotate-secret',
    requireAdmin,
    consoleAction('/console/deliveries', async (req) => {
      const input = parseInput(RotateInput, req.body, 'Cannot rotate the secret');
      const service = need();
      const account = await service.findAccount(input.account);
      const backToAccount = `/console/deliveries${deliveriesQuery({ account: account.id })}`;
      let rotated: Awaited<ReturnType<OutgoingDeliveries['rotateSecret']>>;
      try {
        rotated = await service.rotateSecret(account.id, input.overlap, input.secret_version);
      } catch (error) {
        // Rotated since the form was loaded (a double-click's second request, or another admin):
        // said by the page's URL, the session left alone so the first request's flash, which holds
        // the new secret, is not overwritten (docs/console-deliveries.md "Signing secret").
        if (error instanceof AppError && error.code === 'conflict') return { flash: null, to: `${backToAccount}&rotation=refused` };
        throw error;
      }
      hub.logger.info(
        { accountId: account.id, overlapMs: input.overlap, userId: req.session.user?.id },
        'console: webhook signing secret rotated',
      );
      const old = rotated.previousSecretExpiresAt
        ? `The old secret still signs every webhook (a second signature) until ${formatUtcMinute(rotated.previousSecretExpiresAt)}.`
        : 'The old secret no longer signs.';
      return {
        flash: `Signing secret of ${account.name} rotated. New secret, shown only this once: ${rotated.secret} — ${old}`,
        to: backToAccount,
      };
    }),
  );
}
