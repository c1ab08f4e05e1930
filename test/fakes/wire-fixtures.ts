/** Answers as a deployment of the API sends them, for the fake upstream to serve. */
import { randomUUID } from 'node:crypto';

export function participantWire(overrides: Record<string, unknown> = {}) {
  return {
    participant_id: randomUUID(),
    tag: 'Ana',
    metadata: { team: 'north' },
    created_at: '2026-02-03T14:30:00.000Z',
    updated_at: '2026-02-03T14:30:00.000Z',
    ...overrides,
  };
}

/** A COMPLETED transcription with every member, as the full form. */
export function transcriptionWire(overrides: Record<string, unknown> = {}) {
  return {
    transcription_id: randomUUID(),
    status: 'COMPLETED',
    configuration_id: randomUUID(),
    configuration_tag: 'support',
    name: 'Call 42',
    group: 'PENDING_REVIEW',
    duration: 125.5,
    participant_id: null,
    participant_tag: null,
    evaluator_id: null,
    evaluator_tag: null,
    details: {
      language: 'en',
      num_speakers: 2,
      created_at: '2026-02-03T14:30:00.000Z',
      completed_at: '2026-02-03T14:35:00.000Z',
      conversation: { segments: [{ text: 'Hello.', speaker: 'A' }] },
      summary: { text: 'A greeting.', language: 'en' },
      fields: null,
      evaluation: null,
      error: null,
    },
    ...overrides,
  };
}

export const errorWire = (code: string, message: string) => ({ error: { code, message } });
