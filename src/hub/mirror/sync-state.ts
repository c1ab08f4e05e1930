import type { Db } from '../../db.js';
import { readHubSetting } from '../settings/hub-settings.js';

const syncStateKey = 'mirror_sync_state';

/** What one reconciliation found (reconcile-mirror.ts). */
export interface ReconcileReport {
  listed: number;
  queuedNew: number;
  queuedChanged: number;
  queuedGone: number;
  queuedUnsent: number;
  listCut: boolean;
}

/** The last reconciliation's report, and when it ran. */
export interface SyncState extends ReconcileReport {
  lastReconcileAt: string;
}

/** The last reconciliation's outcome (the admin API's sync status reads it). */
export async function recordSyncState(db: Db, state: SyncState): Promise<void> {
  const value = JSON.stringify(state);
  await db.hubSetting.upsert({ where: { key: syncStateKey }, create: { key: syncStateKey, value }, update: { value } });
}

export async function readSyncState(db: Db): Promise<SyncState | null> {
  const value = await readHubSetting(db, syncStateKey);
  return value ? (JSON.parse(value) as SyncState) : null;
}
