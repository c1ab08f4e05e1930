import { z } from 'zod';
import { receiptOutcomes } from '../../webhooks/receipt-log.js';
import { emptyToUndefined } from '../console-form.js';

export const TranscriptionId = z.guid({ error: 'not a transcription id' }).transform((v) => v.toLowerCase());

/** The Receipts page's filters, from its URL. */
export const ReceiptFilters = z.object({
  outcome: z.preprocess(emptyToUndefined, z.enum(receiptOutcomes, { error: 'outcome is accepted, duplicate, bad_signature, stale or malformed' }).optional()),
  transcription: z.preprocess(emptyToUndefined, TranscriptionId.optional()),
  cursor: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
});
export type ReceiptFilters = z.infer<typeof ReceiptFilters>;

