/** Job ids of the reports' jobs, so a run is pulled once per attempt and a snapshot exported once. */

/**
 * One job per attempt at a run: a run planned again (skipped at run time, then room appeared)
 * gets a new job, not the id of its finished one, which BullMQ keeps for a day.
 */
export const pullJobId = (run: { id: string; attempts: number }) => `report-${run.id}-${run.attempts}`;
export const exportJobId = (snapshotId: string) => `export-${snapshotId}`;
/** An export not done an hour after its pull lost its job or failed for good: tried again once a day. */
export const exportRetryJobId = (snapshotId: string, day: string) => `export-${snapshotId}-${day}`;
/** An on-demand pull's export: one per pull (a re-pull replaces the snapshot and exports again). */
export const onDemandExportJobId = (snapshotId: string, fetchedAt: Date) => `export-${snapshotId}-${fetchedAt.getTime()}`;
