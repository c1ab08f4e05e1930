/**
 * The Deliveries page's pieces without a browser: the page when the built-in service does not run
 * in this process, and the form's time and filter parsing.
 */
import { describe, expect, it } from 'vitest';
import { FormInstant } from '../../src/hub/console/console-form.js';
import { DeliveryFilters } from '../../src/hub/console/deliveries/delivery-filters.js';
import { deliveriesUnavailablePage } from '../../src/hub/console/pages/deliveries-page.js';

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
});
