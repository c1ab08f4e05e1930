/**
 * Every row the call view shows, read by one prepared statement on the pg pool (docs/console-review.md
 * "What a call view costs"): the call, its criterion results, overrides and notes with their
 * authors' emails, audit events, alerts, disputes, coaching notes with their criterion's name, and
 * the open calibration session in which this user still has to score it. The rows come back as the
 * Prisma models the view is written against (json-model-rows.ts).
 */
import type pg from 'pg';
import type {
  HubAlert,
  HubAuditEvent,
  HubCoachingNote,
  HubCriterionResult,
  HubDispute,
  HubReviewNote,
  HubReviewOverride,
  HubTranscription,
} from '../../generated/prisma/client.js';
import { modelRow, modelRows } from './json-model-rows.js';

export interface CallBundle {
  transcription: HubTranscription;
  results: HubCriterionResult[];
  overrides: (HubReviewOverride & { userEmail: string | null })[];
  notes: (HubReviewNote & { userEmail: string | null })[];
  events: HubAuditEvent[];
  alerts: HubAlert[];
  disputes: HubDispute[];
  coaching: (HubCoachingNote & { criterion: string })[];
  blind: { id: string; title: string } | null;
}

const statement = `
  SELECT to_jsonb(t) AS t,
    (SELECT coalesce(json_agg(r ORDER BY r.position), '[]') FROM hub_criterion_results r WHERE r.transcription_id = t.id) AS results,
    (SELECT coalesce(json_agg(to_jsonb(o) || jsonb_build_object('user_email', u.email)), '[]')
       FROM hub_review_overrides o LEFT JOIN hub_console_users u ON u.id = o.user_id WHERE o.transcription_id = t.id) AS overrides,
    (SELECT coalesce(json_agg(to_jsonb(n) || jsonb_build_object('user_email', u.email) ORDER BY n.created_at DESC), '[]')
       FROM hub_review_notes n LEFT JOIN hub_console_users u ON u.id = n.user_id WHERE n.transcription_id = t.id) AS notes,
    (SELECT coalesce(json_agg(e ORDER BY e.created_at), '[]') FROM hub_audit_events e WHERE e.transcription_id = t.id) AS events,
    (SELECT coalesce(json_agg(a), '[]') FROM hub_alerts a WHERE a.transcription_id = t.id) AS alerts,
    (SELECT coalesce(json_agg(d ORDER BY d.created_at DESC, d.id DESC), '[]') FROM hub_disputes d WHERE d.transcription_id = t.id) AS disputes,
    (SELECT coalesce(json_agg(to_jsonb(c) || jsonb_build_object('criterion', coalesce(r.name, c.criterion_id::text)) ORDER BY c.created_at DESC, c.id DESC), '[]')
       FROM (SELECT * FROM hub_coaching_notes WHERE transcription_id = t.id ORDER BY created_at DESC, id DESC LIMIT 200) c
       LEFT JOIN hub_criterion_results r ON r.transcription_id = c.transcription_id AND r.criterion_id = c.criterion_id) AS coaching,
    (SELECT json_build_object('id', s.id, 'title', s.title) FROM hub_calibration_sessions s
      WHERE s.revealed_at IS NULL
        AND EXISTS (SELECT 1 FROM hub_calibration_calls cc WHERE cc.session_id = s.id AND cc.transcription_id = t.id)
        AND EXISTS (SELECT 1 FROM hub_calibration_reviewers cr WHERE cr.session_id = s.id AND cr.user_id = $2 AND cr.submitted_at IS NULL)
      ORDER BY s.created_at DESC LIMIT 1) AS blind
  FROM hub_transcriptions t WHERE t.id = $1`;

interface BundleRow {
  t: Record<string, unknown>;
  results: Record<string, unknown>[];
  overrides: Record<string, unknown>[];
  notes: Record<string, unknown>[];
  events: Record<string, unknown>[];
  alerts: Record<string, unknown>[];
  disputes: Record<string, unknown>[];
  coaching: Record<string, unknown>[];
  blind: { id: string; title: string } | null;
}

/** The call's bundle as `userId` may open it; null when the call is not mirrored. `id` must be a UUID. */
export async function readCallBundle(pool: pg.Pool, id: string, userId: string): Promise<CallBundle | null> {
  const {
    rows: [row],
  } = await pool.query<BundleRow>({ name: 'console_call_bundle', text: statement, values: [id, userId] });
  if (!row) return null;
  return {
    transcription: modelRow<HubTranscription>(row.t, {
      dates: ['recorded_at', 'completed_at', 'evaluation_generated_at', 'first_mirrored_at', 'mirrored_at', 'deleted_at'],
      renames: { review_group: 'group' },
    }),
    results: modelRows<HubCriterionResult>(row.results, { dates: ['recorded_at'] }),
    overrides: modelRows(row.overrides, { dates: ['created_at', 'updated_at'] }),
    notes: modelRows(row.notes, { dates: ['created_at'] }),
    events: modelRows<HubAuditEvent>(row.events, { dates: ['created_at'] }),
    alerts: modelRows<HubAlert>(row.alerts, { dates: ['lease_until', 'created_at', 'updated_at', 'sent_at'] }),
    disputes: modelRows<HubDispute>(row.disputes, { dates: ['resolved_at', 'created_at'] }),
    coaching: modelRows(row.coaching, { dates: ['acknowledged_at', 'created_at'] }),
    blind: row.blind,
  };
}
