import type { Db } from '../../db.js';
import { readHubSetting } from '../settings/hub-settings.js';

const syncStateKey = 'mirror_sync_state';
const runHistoryKey = 'mirror_reconcile_runs';
/** Reconciliation runs kept for the admin API, newest first. */
const keptRuns = 20;

/** What one reconciliation found (reconcile-mirror.ts). */
export interface ReconcileReport {
  listed: number;
  queuedNew: number;
  queuedChanged: number;
  queuedGone: number;
  queuedUnsent: number;
  /** Transcriptions fetched on their own: list rows set aside this run, and answers quarantined before. */
  queuedQuarantined?: number;
  /** List rows that broke the API description this run (quarantined). */
  rowsQuarantined?: number;
  /** Quarantined items still unread after this run. */
  openQuarantine?: number;
  listCut: boolean;
  /** Whether mirrored rows the list lacked were queued as gone: not when the list was cut (which rows a cut keeps is not stated). */
  goneChecked?: boolean;
  /** Mirrors that could not be queued this run (logged; the next run tries again). */
  enqueueFailed?: number;
}

/** The last reconciliation's report, and when it ran. */
export interface SyncState extends ReconcileReport {
  lastReconcileAt: string;
}

/** One reconciliation as the admin API lists it: what it found, or why it failed. */
export type ReconcileRun = ({ ok: true } & SyncState) | { ok: false; lastReconcileAt: string; error: string };

/** The last reconciliation's outcome (the admin API's sync status reads it), also added to the run history. */
export async function recordSyncState(db: Db, state: SyncState): Promise<void> {
  const value = JSON.stringify(state);
  await db.hubSetting.upsert({ where: { key: syncStateKey }, create: { key: syncStateKey, value }, update: { value } });
  await recordReconcileRun(db, { ok: true, ...state });
}

/** Adds a run to the history (the newest 20), in one statement so concurrent runs cannot lose one. */
export async function recordReconcileRun(db: Db, run: ReconcileRun): Promise<void> {
  const entry = JSON.stringify(run);
  await db.$executeRaw`
    INSERT INTO hub_settings (key, value) VALUES (${runHistoryKey}, jsonb_build_array(${entry}::jsonb)::text)
    ON CONFLICT (key) DO UPDATE SET updated_at = now(), value = (
      SELECT jsonb_agg(e ORDER BY i)::text
        FROM jsonb_array_elements(jsonb_build_array(${entry}::jsonb) || hub_settings.value::jsonb) WITH ORDINALITY AS t(e, i)
       WHERE i <= ${keptRuns})`;
}

/** The last reconciliations, newest first. */
export async function readReconcileRuns(db: Db): Promise<ReconcileRun[]> {
  const value = await readHubSetting(db, runHistoryKey);
  return value ? (JSON.parse(value) as ReconcileRun[]) : [];
}

export async function readSyncState(db: Db): Promise<SyncState | null> {
  const value = await readHubSetting(db, syncStateKey);
  return value ? (JSON.parse(value) as SyncState) : null;
}
