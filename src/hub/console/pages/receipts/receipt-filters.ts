import { z } from 'zod';
import { receiptOutcomes } from '../../../webhooks/receipt-log.js';
import { optionalField } from '../../console-form.js';

export const TranscriptionId = z.guid({ error: 'not a transcription id' }).transform((v) => v.toLowerCase());

/** The Receipts page's filters, from its URL. */
export const ReceiptFilters = z.object({
  outcome: optionalField(z.enum(receiptOutcomes, { error: 'outcome is accepted, duplicate, bad_signature, stale or malformed' })),
  transcription: optionalField(TranscriptionId),
  cursor: optionalField(z.string().max(200)),
});
export type ReceiptFilters = z.infer<typeof ReceiptFilters>;
