/**
 * The Deliveries page's pieces without a browser: the page when the built-in service does not run
 * in this process, and the form's time and filter parsing.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FormInstant } from '../../src/hub/console/console-form.js';
import { DeliveryFilters } from '../../src/hub/console/pages/deliveries/delivery-filters.js';
import type { DeliveryAccountFacts, DeliveryView } from '../../src/hub/console/pages/deliveries/outgoing-deliveries.js';
import { deliveriesPage, deliveriesUnavailablePage } from '../../src/hub/console/pages/deliveries/deliveries-view.js';
import { deliveryPage } from '../../src/hub/console/pages/deliveries/delivery-view.js';

const user = { id: '00000000-0000-4000-8000-000000000000', email: 'a@example.com', name: 'Ada', role: 'admin' as const };

describe('the Deliveries page', () => {
  it('says plainly when the built-in service is not running here', () => {
    const page = deliveriesUnavailablePage({ user, csrfToken: 't' }).value;
    expect(page).toContain('Outgoing deliveries are those of the built-in service, which is not running here');
    expect(page).toContain('aria-current="page">Deliveries</a>');
    expect(page).not.toContain('<form method="post" action="/console/deliveries');
  });

  it('reads form times as UTC minutes or ISO datetimes with an offset, and refuses others with a clear message', () => {
    expect(FormInstant.parse('2026-11-24T09:30').toISOString()).toBe('2026-11-24T09:30:00.000Z');
    expect(FormInstant.parse('2026-11-24T09:30:00+02:00').toISOString()).toBe('2026-11-24T07:30:00.000Z');
    expect(FormInstant.parse('2026-11-24T09:30:00.000Z').toISOString()).toBe('2026-11-24T09:30:00.000Z');
    const refused = FormInstant.safeParse('yesterday');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('expected a date and time such as 2026-11-24T09:30 (UTC)');
  });

  it('treats empty filter fields as absent and refuses an unknown status', () => {
    expect(DeliveryFilters.parse({ account: 'acme', status: '', since: '', until: '2026-11-24T10:00' })).toEqual({
      account: 'acme',
      until: new Date('2026-11-24T10:00:00.000Z'),
    });
    const refused = DeliveryFilters.safeParse({ status: 'lost' });
    expect(refused.error?.issues[0]?.message).toBe('status is pending, delivered or failed');
  });

  describe('a webhook URL carrying the hub receiver token', () => {
    const token = 'hubtok_9f8e7d6c5b4a39281706abcd';
    const url = `https://hub.example.com/hub/webhooks/conversation?token=${token}&source=${'long-path-segment-'.repeat(12)}`;
    const account: DeliveryAccountFacts = {
      id: 'acct-1',
      name: 'acme',
      previousSecretExpiresAt: null,
      secretVersion: '0123456789abcdef',
      counts: { pending: 0, delivered: 1, failed: 0 },
      configurations: [{ id: 'cfg-1', tag: 'support', urls: [url] }],
    };
    const delivery: DeliveryView & { payload: string } = {
      id: '11111111-1111-4111-8111-111111111111',
      eventType: 'transcription.completed',
      transcriptionId: null,
      url,
      status: 'delivered',
      attemptCount: 1,
      lastStatusCode: 200,
      lastError: null,
      nextAttemptAt: null,
      createdAt: new Date('2026-11-27T10:00:00Z'),
      deliveredAt: new Date('2026-11-27T10:00:01Z'),
      replayCount: 0,
      lastReplayedAt: null,
      attempts: [],
      payload: '{}',
    };
    const list = (role: 'admin' | 'lead' | 'viewer') =>
      deliveriesPage(
        { user: { ...user, role }, csrfToken: 't' },
        { filters: { account: 'acct-1' }, accounts: [account], account, page: { deliveries: [delivery], nextCursor: null } },
      ).value;
    const one = (role: 'admin' | 'lead' | 'viewer') =>
      deliveryPage({ user: { ...user, role }, csrfToken: 't' }, { account, delivery }).value;

    it('never puts the token in the HTML of a viewer or a lead, only its last 4 characters', () => {
      for (const role of ['viewer', 'lead'] as const) {
        for (const page of [list(role), one(role)]) {
          expect(page).not.toContain(token);
          expect(page).toContain('?token=…abcd&amp;source=');
        }
      }
    });

    it('shows the whole URL to an admin', () => {
      expect(list('admin')).toContain(token);
      expect(one('admin')).toContain(token);
    });

    it('puts the URL in a wrapping cell inside a scrolling wrapper, so a long one cannot widen the page', () => {
      const page = list('viewer');
      expect(page).toMatch(/<td class="url">https:\/\/hub\.example\.com/);
      expect(page).toMatch(/<div class="table-scroll">\s*<table class="deliveries">/);
      const css = readFileSync(new URL('../../src/hub/console/assets/console.css', import.meta.url), 'utf8');
      expect(css).toMatch(/^\.url \{[^}]*overflow-wrap: anywhere/m);
    });
  });
});
