/**
 * What the database says once a load-scale run has settled: for every transcription the run
 * expects mirrored (the seeded ones its acknowledged webhooks named, the submitted ones), whether it
 * is, and every row kind that must exist once per thing, counted for repeats.
 */
import type { Db } from '../../../src/db.js';

export interface Progress {
  inProgress: number;
  mirrored: number;
  receiptsNotQueued: number;
  deliveriesPending: number;
  alertsPending: number;
  alertsOwedMissing: number;
}

const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/** How far the run is from settled (every count but `mirrored` must reach 0). */
export async function progressOf(db: Db, expected: readonly string[], submitted: readonly string[]): Promise<Progress> {
  const [row] = await db.$queryRawUnsafe<Progress[]>(
    `SELECT
       (SELECT count(*)::int FROM svc_transcriptions WHERE id = ANY($2::uuid[]) AND status = 'IN_PROGRESS') AS "inProgress",
       (SELECT count(*)::int FROM hub_transcriptions h JOIN svc_transcriptions s ON s.id = h.id
         WHERE h.id = ANY($1::uuid[]) AND h.status = s.status::text) AS "mirrored",
       (SELECT count(*)::int FROM hub_webhook_receipts WHERE enqueued_at IS NULL) AS "receiptsNotQueued",
       (SELECT count(*)::int FROM svc_webhook_deliveries WHERE transcription_id = ANY($2::uuid[]) AND status = 'pending') AS "deliveriesPending",
       (SELECT count(*)::int FROM hub_alerts WHERE status = 'pending') AS "alertsPending",
       (SELECT count(*)::int FROM hub_transcriptions h WHERE h.id = ANY($1::uuid[]) AND h.critical_fail
         AND NOT EXISTS (SELECT 1 FROM hub_alerts a WHERE a.transcription_id = h.id)) AS "alertsOwedMissing"`,
    uuidArray(expected),
    uuidArray(submitted),
  );
  return row;
}

export interface Repeats {
  /** Transcriptions rows beyond one per submission name. */
  transcriptionsPerName: number;
  /** Webhook deliveries beyond one per transcription, event and URL. */
  deliveries: number;
  receipts: number;
  mirrorRows: number;
  /** Mirrored criterion rows beyond the upstream's own for that transcription. */
  criterionRows: number;
  alerts: number;
}

/** Rows beyond the one each thing must have, per kind. */
export async function repeatsOf(db: Db, accountId: string, expected: readonly string[]): Promise<Repeats> {
  const extra = async (sql: string, ...params: unknown[]) =>
    Number(
      (await db.$queryRawUnsafe<{ n: number | null }[]>(`SELECT coalesce(sum(n - 1), 0)::int AS n FROM (${sql}) t`, ...params))[0]?.n ?? 0,
    );
  return {
    transcriptionsPerName: await extra(
      `SELECT count(*) AS n FROM svc_transcriptions WHERE account_id = $1::uuid AND name IS NOT NULL GROUP BY name HAVING count(*) > 1`,
      accountId,
    ),
    deliveries: await extra(
      `SELECT count(*) AS n FROM svc_webhook_deliveries WHERE account_id = $1::uuid GROUP BY transcription_id, event_type, url HAVING count(*) > 1`,
      accountId,
    ),
    receipts: await extra(`SELECT count(*) AS n FROM hub_webhook_receipts GROUP BY transcription_id, outcome HAVING count(*) > 1`),
    mirrorRows: await extra(`SELECT count(*) AS n FROM hub_transcriptions GROUP BY id HAVING count(*) > 1`),
    criterionRows: await extra(
      `SELECT count(*) - (SELECT count(*) FROM svc_criterion_results s WHERE s.transcription_id = h.transcription_id) + 1 AS n
       FROM hub_criterion_results h WHERE h.transcription_id = ANY($1::uuid[]) GROUP BY h.transcription_id
       HAVING count(*) > (SELECT count(*) FROM svc_criterion_results s WHERE s.transcription_id = h.transcription_id)`,
      uuidArray(expected),
    ),
    alerts: await extra(`SELECT count(*) AS n FROM hub_alerts GROUP BY transcription_id, kind HAVING count(*) > 1`),
  };
}

/** Of `ids`, those with no receipt, and those not mirrored with the upstream's status. */
export async function missingOf(db: Db, ids: readonly string[]): Promise<{ noReceipt: string[]; notMirrored: string[] }> {
  const noReceipt = await db.$queryRawUnsafe<{ id: string }[]>(
    `SELECT u.tid::text AS id FROM unnest($1::uuid[]) AS u(tid)
     WHERE NOT EXISTS (SELECT 1 FROM hub_webhook_receipts r WHERE r.transcription_id = u.tid)`,
    uuidArray(ids),
  );
  const notMirrored = await db.$queryRawUnsafe<{ id: string }[]>(
    `SELECT u.tid::text AS id FROM unnest($1::uuid[]) AS u(tid) WHERE NOT EXISTS (
       SELECT 1 FROM hub_transcriptions h JOIN svc_transcriptions s ON s.id = h.id WHERE h.id = u.tid AND h.status = s.status::text)`,
    uuidArray(ids),
  );
  return { noReceipt: noReceipt.map((r) => r.id), notMirrored: notMirrored.map((r) => r.id) };
}
