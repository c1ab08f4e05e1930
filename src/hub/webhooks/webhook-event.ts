/**
 * What the hub reads from a webhook body (docs/mirror.md, "Webhooks are pokes"): only which
 * transcription it is about. The API description shows no body, so any JSON object that names a
 * transcription id in a usual place is accepted: `data.transcription_id`, `transcription_id`,
 * `data.transcription.transcription_id`, `transcription.transcription_id`, `data.id`, `id`, or a
 * whole transcription object. The mirror then fetches the transcription itself.
 */
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const asId = (value: unknown) => (typeof value === 'string' && uuid.test(value.trim()) ? value.trim().toLowerCase() : null);

/** The places a transcription id is looked for, most specific first. */
const idPlaces: readonly ((body: Record<string, unknown>) => unknown)[] = [
  (b) => (isRecord(b.data) ? b.data.transcription_id : undefined),
  (b) => b.transcription_id,
  (b) => (isRecord(b.data) && isRecord(b.data.transcription) ? b.data.transcription.transcription_id : undefined),
  (b) => (isRecord(b.transcription) ? b.transcription.transcription_id : undefined),
  (b) => (isRecord(b.data) ? b.data.id : undefined),
  (b) => b.id,
];

export interface WebhookEvent {
  transcriptionId: string;
  /** The body's `type` (or `event`), when it has a short one; else null. */
  type: string | null;
}

/** The transcription a webhook body names, or null when it names none. */
export function readWebhookEvent(body: unknown): WebhookEvent | null {
  if (!isRecord(body)) return null;
  for (const place of idPlaces) {
    const id = asId(place(body));
    if (id) {
      const type = [body.type, body.event, body.event_type].find((t): t is string => typeof t === 'string' && t.length > 0 && t.length <= 100) ?? null;
      return { transcriptionId: id, type };
    }
  }
  return null;
}
