/** Shared by the Slack alert tests: mirrored transcriptions made from wire fixtures, a Slack-backed hub. */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { Transcription } from '../../../src/contract/transcriptions.js';
import { createSlackWebNotifier } from '../../../src/hub/alerts/slack-web-notifier.js';
import type { SlackSettings } from '../../../src/hub/alerts/slack-settings.js';
import type { HubContext } from '../../../src/hub/hub-context.js';
import type { FakeSlack } from '../../fakes/fake-slack.js';
import { transcriptionWire } from '../../fakes/wire-fixtures.js';
import { signedTranscriptionWebhook } from '../../support/signed-webhook-headers.js';

/** A full-form transcription as get-transcription answers it; critical fail unless told otherwise. */
export function evaluatedTranscription(
  options: {
    id?: string;
    criticalFail?: boolean;
    group?: string | null;
    status?: 'COMPLETED' | 'IN_PROGRESS' | 'FAILED';
    evaluatorId?: string;
    evaluatorTag?: string;
    participantTag?: string;
    recordedAt?: string;
    completedAt?: string;
    score?: number;
  } = {},
): Transcription {
  const evaluatorId = options.evaluatorId ?? randomUUID();
  const evaluatorTag = options.evaluatorTag ?? 'Support QA';
  const critical = options.criticalFail ?? true;
  const completed = (options.status ?? 'COMPLETED') === 'COMPLETED';
  return Transcription.parse(
    transcriptionWire({
      transcription_id: options.id ?? randomUUID(),
      status: options.status ?? 'COMPLETED',
      group: options.group === undefined ? null : options.group,
      participant_id: randomUUID(),
      participant_tag: options.participantTag ?? 'Ana',
      evaluator_id: evaluatorId,
      evaluator_tag: evaluatorTag,
      details: {
        language: 'en',
        num_speakers: 2,
        created_at: options.recordedAt ?? '2026-02-03T14:30:00.000Z',
        completed_at: completed ? (options.completedAt ?? new Date().toISOString()) : null,
        conversation: { segments: [{ text: 'Hello.', speaker: 'A' }] },
        summary: null,
        fields: null,
        error: null,
        evaluation: completed
          ? {
              score: options.score ?? 40,
              critical_fail: critical,
              status: 'COMPLETED',
              breakdown: {
                evaluator_id: evaluatorId,
                evaluator_tag: evaluatorTag,
                generated_at: '2026-02-03T14:35:00.000Z',
                language_used: 'en',
                final_score: options.score ?? 40,
                critical_fail_triggered: critical,
                summary_feedback: 'Feedback',
                results: [
                  {
                    criteria_id: randomUUID(),
                    name: 'Greeting',
                    type: 'boolean',
                    max_weight: 40,
                    score_raw_ai: 1,
                    score_obtained: 40,
                    status: 'PASS',
                    reasoning: 'Greets',
                    quote: 'Hello.',
                    feedback: null,
                  },
                  {
                    criteria_id: randomUUID(),
                    name: 'No refund promises',
                    type: 'strict',
                    max_weight: 0,
                    score_raw_ai: critical ? 0 : 1,
                    score_obtained: 0,
                    status: critical ? 'FAIL' : 'PASS',
                    reasoning: 'Promised a refund & more',
                    quote: 'I <promise> a refund.',
                    feedback: null,
                  },
                ],
              },
            }
          : null,
      },
    }),
  );
}

/** Settings of a hub that posts to the fake Slack (`C0DEFAULT1` unless told). */
export function slackHub(fake: FakeSlack, defaults: HubContext, settings: Partial<SlackSettings> = {}): Partial<HubContext> {
  return {
    slack: createSlackWebNotifier({ botToken: fake.token, apiUrl: fake.apiUrl, timeoutMs: 2_000, logger: defaults.logger }),
    settings: {
      ...defaults.settings,
      slack: { ...defaults.settings.slack, defaultChannel: 'C0DEFAULT1', alertMaxAgeMs: 3_650 * 86_400_000, ...settings },
    },
  };
}

/** A pino logger whose lines are kept, parsed, for assertions on what was logged. */
export function capturingLogger(): { logger: pino.Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

/** Messages of the fake about one transcription (by the alert's metadata marker). */
export const alertMessagesOf = (fake: FakeSlack, transcriptionId: string) =>
  fake.messages.filter((m) => m.metadata?.event_payload.transcription_id === transcriptionId);

export const postCallsOf = (fake: FakeSlack, transcriptionId: string) =>
  fake.calls.filter(
    (c) =>
      c.method === 'chat.postMessage' &&
      (c.params.metadata as { event_payload?: Record<string, unknown> } | undefined)?.event_payload?.transcription_id === transcriptionId,
  );

/** A `transcription.completed` webhook signed as the built-in service signs it. */
export function signedWebhook(secret: string, transcriptionId: string, id: string = randomUUID()) {
  return signedTranscriptionWebhook(secret, transcriptionId, { id });
}
