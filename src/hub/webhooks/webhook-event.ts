import { z } from 'zod';

/**
 * The webhook body (docs/decisions.md), read leniently: the hub takes only the transcription id from
 * it, then fetches the transcription itself. Everything else a sender adds is ignored.
 */
export const WebhookEvent = z.looseObject({
  type: z.string().max(100).optional(),
  data: z.looseObject({ transcription_id: z.guid() }),
});
export type WebhookEvent = z.output<typeof WebhookEvent>;
