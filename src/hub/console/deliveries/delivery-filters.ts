import { z } from 'zod';
import { emptyToUndefined, FormInstant } from '../console-form.js';
import { deliveryStatuses } from './outgoing-deliveries.js';

/** An account of the built-in service, by id or name. */
export const AccountRef = z.string({ error: 'choose an account' }).trim().min(1, { error: 'choose an account' }).max(100);

/** The Deliveries page's filters, from its URL: account, status, created since/before, the page's cursor. */
export const DeliveryFilters = z.object({
  account: z.preprocess(emptyToUndefined, AccountRef.optional()),
  status: z.preprocess(emptyToUndefined, z.enum(deliveryStatuses, { error: 'status is pending, delivered or failed' }).optional()),
  since: z.preprocess(emptyToUndefined, FormInstant.optional()),
  until: z.preprocess(emptyToUndefined, FormInstant.optional()),
  cursor: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
});
export type DeliveryFilters = z.infer<typeof DeliveryFilters>;

