/**
 * The fake's outbound webhooks: one POST to the configuration's success_url (COMPLETED) or
 * error_url (FAILED), in the body and signing style the fake instance was started with. The
 * vendor shows neither the body nor the headers, so each style is one plausible implementation.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { TranscriptionRecord } from './state.js';

/**
 * The body's shape:
 * - `nested-transcription-id`: `{data: {transcription_id}}`
 * - `top-level-id`: `{transcription_id, status}`
 * - `bare-id`: `{id}`
 * - `nested-id`: `{data: {id}}`
 * - `full-transcription`: the full transcription object itself, as get-transcription's `data`
 */
export type WebhookBody = 'nested-transcription-id' | 'top-level-id' | 'bare-id' | 'nested-id' | 'full-transcription';

export interface WebhookStyle {
  body: WebhookBody;
  /**
   * A Standard Webhooks secret (`whsec_` + base64): each webhook carries webhook-id,
   * webhook-timestamp and webhook-signature (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`).
   * Null or absent: unsigned, the receiver relies on the token in the URL it registered.
   */
  signingSecret?: string | null;
  /** Send a `webhook-id` header on unsigned webhooks too (signed ones always carry it). Default false. */
  sendsWebhookId?: boolean;
  /** Send every webhook twice, the copy with other bytes (keys reordered, a `sent_at` member) and the same webhook-id. */
  sendsTwice?: boolean;
}

export interface SentWebhook {
  url: string;
  transcriptionId: string;
  outcome: 'success' | 'error';
  body: string;
  headers: Record<string, string>;
  /** The receiver's answer, or null when the request itself failed. */
  status: number | null;
  responseBody: string;
}

function bodyOf(style: WebhookBody, t: TranscriptionRecord, full: () => unknown): Record<string, unknown> {
  switch (style) {
    case 'nested-transcription-id':
      return { data: { transcription_id: t.transcription_id } };
    case 'top-level-id':
      return { transcription_id: t.transcription_id, status: t.status };
    case 'bare-id':
      return { id: t.transcription_id };
    case 'nested-id':
      return { data: { id: t.transcription_id } };
    case 'full-transcription':
      return full() as Record<string, unknown>;
  }
}

/** The same members in reverse order, plus when it was sent: the same event in other bytes. */
const resent = (body: Record<string, unknown>, at: Date) =>
  Object.fromEntries([...Object.entries(body).reverse(), ['sent_at', at.toISOString()]]);

export function signStandardWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

export async function sendWebhooks(
  style: WebhookStyle,
  t: TranscriptionRecord,
  urls: { success_url: string; error_url: string },
  full: () => unknown,
  now: () => Date,
): Promise<SentWebhook[]> {
  const outcome = t.status === 'COMPLETED' ? 'success' : 'error';
  const url = outcome === 'success' ? urls.success_url : urls.error_url;
  const first = bodyOf(style.body, t, full);
  const bodies = style.sendsTwice ? [first, resent(first, now())] : [first];
  const webhookId = `evt_${randomUUID()}`;
  const sent: SentWebhook[] = [];
  for (const body of bodies) {
    const text = JSON.stringify(body);
    const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'independent-upstream/0.1' };
    if (style.signingSecret) {
      const timestamp = Math.floor(now().getTime() / 1000);
      Object.assign(headers, {
        'webhook-id': webhookId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signStandardWebhook(style.signingSecret, webhookId, timestamp, text),
      });
    } else if (style.sendsWebhookId) {
      headers['webhook-id'] = webhookId;
    }
    let status: number | null = null;
    let responseBody = '';
    try {
      const response = await fetch(url, { method: 'POST', headers, body: text, redirect: 'manual', signal: AbortSignal.timeout(5_000) });
      status = response.status;
      responseBody = await response.text();
    } catch (error) {
      responseBody = String(error);
    }
    sent.push({ url, transcriptionId: t.transcription_id, outcome, body: text, headers, status, responseBody });
  }
  return sent;
}
