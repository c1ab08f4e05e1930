/**
 * How the fake writes its records on the wire: the vendor's promised fields, plus members the
 * vendor never mentions (a client must ignore them), and the fake's own choices wherever the
 * vendor's description says "not shown".
 */
import type { ConfigurationRecord, EvaluatorRecord, ParticipantRecord, TranscriptionRecord } from './state.js';

/** Extra members on every resource: a client that rejects unknown keys breaks on them. */
const extras = (id: string) => ({ vendor_trace: `trace-${id.slice(0, 8)}`, x_internal: { shard: 7, region: 'eu-fake-1' } });

export const configurationWire = (c: ConfigurationRecord) => ({ client_id: 'independent-account', ...c, ...extras(c.configuration_id) });

export const evaluatorWire = (e: EvaluatorRecord) => ({
  ...e,
  criteria: e.criteria.map((c) => ({ ...c, x_rubric_version: 3 })),
  ...extras(e.evaluator_id),
});

export const participantWire = (p: ParticipantRecord) => ({ ...p, ...extras(p.participant_id) });

/**
 * The full form. IN_PROGRESS and FAILED: duration null (nothing was measured), the four content
 * members null; FAILED says why in `details.error: {code}` (no message) or
 * `details.failure_reason` (text, no code), never in convoqa's `{code, message}`.
 */
export function fullTranscriptionWire(t: TranscriptionRecord) {
  const evaluation = t.evaluation
    ? {
        score: t.evaluation.score,
        critical_fail: t.evaluation.critical_fail,
        status: 'COMPLETED',
        x_model: 'judge-9',
        breakdown: {
          evaluator_id: t.evaluator_id,
          evaluator_tag: t.evaluator_tag,
          generated_at: t.evaluation.generated_at,
          language_used: 'en',
          final_score: t.evaluation.score,
          critical_fail_triggered: t.evaluation.critical_fail,
          summary_feedback: t.evaluation.summary_feedback,
          results: t.evaluation.results.map((r) => ({ ...r, x_confidence: 0.9 })),
        },
      }
    : null;
  const failure =
    t.failure?.shape === 'error-code'
      ? { error: { code: t.failure.code } }
      : t.failure?.shape === 'failure-reason'
        ? { failure_reason: `Processing stopped: ${t.failure.code.toLowerCase()}` }
        : {};
  return {
    transcription_id: t.transcription_id,
    status: t.status,
    configuration_id: t.configuration_id,
    configuration_tag: t.configuration_tag,
    name: t.name,
    group: t.group,
    duration: t.duration,
    participant_id: t.participant_id,
    participant_tag: t.participant_tag,
    evaluator_id: t.evaluator_id,
    evaluator_tag: t.evaluator_tag,
    details: {
      language: t.status === 'COMPLETED' ? 'en' : null,
      num_speakers: t.status === 'COMPLETED' ? 2 : null,
      created_at: t.created_at,
      completed_at: t.completed_at,
      conversation: t.segments ? { segments: t.segments } : null,
      summary: t.summary,
      fields: t.fields ? { fields: t.fields } : null,
      evaluation,
      ...failure,
      x_pipeline: { stage: t.status.toLowerCase() },
    },
    ...extras(t.transcription_id),
  };
}

/** The list form: duration null until COMPLETED; `qa` with null score, flag and status when there is no evaluation. */
export function listTranscriptionWire(t: TranscriptionRecord) {
  return {
    transcription_id: t.transcription_id,
    status: t.status,
    configuration_id: t.configuration_id,
    configuration_tag: t.configuration_tag,
    duration: t.duration,
    group: t.group,
    name: t.name,
    created_at: t.created_at,
    qa: {
      score: t.evaluation?.score ?? null,
      critical_fail: t.evaluation?.critical_fail ?? null,
      status: t.evaluation ? 'COMPLETED' : null,
      participant_id: t.participant_id,
      evaluator_id: t.evaluator_id,
      participant_tag: t.participant_tag,
      evaluator_tag: t.evaluator_tag,
    },
    vendor_trace: `trace-${t.transcription_id.slice(0, 8)}`,
  };
}

/**
 * The fake's error body: `{"message": ..., "status": ...}`, deliberately not convoqa's
 * `{"error": {"code", "message"}}` (the vendor does not show its error field names).
 */
export const errorWire = (status: number, message: string) => ({ message, status, x_request: 'req-fake' });
