/**
 * What the hub reads from a webhook body (docs/mirror.md, "Webhooks are pokes"): only which
 * transcription it is about. The API description shows no body, so any JSON object that names a
 * transcription id in a usual place is accepted: a `transcription_id` at the top (a whole
 * transcription object included), in any member object (`data`, `payload`, `object`,
 * `transcription`, …) or one level further (`data.transcription`, `data.object`), then `data.id`,
 * then `id`. A `transcription_id` wins over an `id`, which may be the event's own. The mirror then
 * fetches the transcription itself.
 */
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const asId = (value: unknown) => (typeof value === 'string' && uuid.test(value.trim()) ? value.trim().toLowerCase() : null);

const members = (value: Record<string, unknown>) => Object.values(value).filter(isRecord);

/** The candidates for the transcription id, most specific first. */
function* idCandidates(body: Record<string, unknown>): Generator<unknown> {
  if (isRecord(body.data)) yield body.data.transcription_id;
  yield body.transcription_id;
  for (const member of members(body)) yield member.transcription_id;
  for (const member of members(body)) for (const inner of members(member)) yield inner.transcription_id;
  if (isRecord(body.data)) yield body.data.id;
  yield body.id;
}

export interface WebhookEvent {
  transcriptionId: string;
  /** The body's `type` (or `event`), when it has a short one; else null. */
  type: string | null;
}

/** The transcription a webhook body names, or null when it names none. */
export function readWebhookEvent(body: unknown): WebhookEvent | null {
  if (!isRecord(body)) return null;
  for (const candidate of idCandidates(body)) {
    const id = asId(candidate);
    if (id) {
      const type =
        [body.type, body.event, body.event_type].find((t): t is string => typeof t === 'string' && t.length > 0 && t.length <= 100) ?? null;
      return { transcriptionId: id, type };
    }
  }
  return null;
}
