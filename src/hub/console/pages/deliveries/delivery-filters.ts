import { z } from 'zod';
import { FormInstant, optionalField } from '../../console-form.js';
import { deliveryStatuses } from './outgoing-deliveries.js';

/** An account of the built-in service, by id or name. */
export const AccountRef = z.string({ error: 'choose an account' }).trim().min(1, { error: 'choose an account' }).max(100);

/** The Deliveries page's filters, from its URL: account, status, created since/before, the page's cursor. */
export const DeliveryFilters = z.object({
  account: optionalField(AccountRef),
  status: optionalField(z.enum(deliveryStatuses, { error: 'status is pending, delivered or failed' })),
  since: optionalField(FormInstant),
  until: optionalField(FormInstant),
  cursor: optionalField(z.string().max(200)),
});
export type DeliveryFilters = z.infer<typeof DeliveryFilters>;
