import type { FailureCode } from '../processing/processing-error.js';

export type WebhookEventType = 'transcription.completed' | 'transcription.failed';

export interface WebhookSubject {
  id: string;
  configurationId: string;
  name: string | null;
}

/**
 * The body of a webhook (docs/decisions.md): a signal that says which transcription changed and how;
 * receivers fetch the transcription itself for its content.
 */
export function buildWebhookEvent(
  subject: WebhookSubject,
  outcome: { status: 'COMPLETED' } | { status: 'FAILED'; error: { code: FailureCode; message: string } },
  now: Date,
): { type: WebhookEventType; body: string } {
  const type: WebhookEventType = outcome.status === 'COMPLETED' ? 'transcription.completed' : 'transcription.failed';
  const body = JSON.stringify({
    type,
    timestamp: now.toISOString(),
    data: {
      transcription_id: subject.id,
      status: outcome.status,
      configuration_id: subject.configurationId,
      name: subject.name,
      error: outcome.status === 'FAILED' ? outcome.error : null,
    },
  });
  return { type, body };
}
