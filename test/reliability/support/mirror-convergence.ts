/**
 * How the outage scenarios (test/reliability/*-outage and *-killed) wait for the hub's mirror to
 * converge after the outage, and what they expect of it: every acknowledged webhook mirrored
 * whole, exactly once, with its receipt stored once.
 */
import { expect } from 'vitest';
import type { Db } from '../../../src/db.js';
import type { JobQueues } from '../../../src/queues/job-queues.js';
import { mirrorState, settle, type MirrorState } from './outage-scenario.js';

/** Waits (up to `timeoutMs`) until every acknowledged transcription is mirrored; answers the last state either way. */
export function settleMirrored(db: Db, ids: string[], acknowledged: string[], timeoutMs: number): Promise<MirrorState> {
  return settle(
    () => mirrorState(db, ids),
    (s) => acknowledged.every((id) => s.mirrored.has(id)),
    timeoutMs,
  );
}

/** Anything still queued or running could write again: waits until the mirror queue is idle before duplicates are counted. */
export async function drainMirrorQueue(jobs: JobQueues, timeoutMs: number): Promise<void> {
  await settle(
    async () => jobs.queue('hub.mirror-transcription').getJobCounts('wait', 'active', 'delayed', 'prioritized'),
    (c) => Object.values(c).every((n) => n === 0),
    timeoutMs,
  );
}

/**
 * Every webhook was acknowledged, and every acknowledged one was mirrored (`settled`: once the
 * mirror converged) and stayed mirrored whole, once (`final`: after the queue drained).
 */
export function expectMirroredExactlyOnce(ids: string[], acknowledged: string[], settled: MirrorState, final: MirrorState): void {
  expect(acknowledged).toHaveLength(ids.length);
  expect(settled.mirrored.size).toBe(acknowledged.length);
  expect(acknowledged.filter((id) => !final.mirrored.has(id))).toEqual([]);
  expect(final.duplicates).toBe(0);
  expect(final.halfWritten).toBe(0);
}

/** Each webhook's receipt was stored once and marked enqueued (by its batch or the sweeper). */
export async function expectReceiptsStoredOnce(db: Db, ids: string[]): Promise<void> {
  const receipts = await db.hubWebhookReceipt.findMany({ where: { transcriptionId: { in: ids } } });
  expect(receipts).toHaveLength(ids.length);
  expect(receipts.every((r) => r.enqueuedAt !== null)).toBe(true);
}

/** The figures a killed-and-restarted scenario reports once the mirror converged, after its own. */
export function convergenceFigures(final: MirrorState, lost: string[], downMs: number, convergedMs: number) {
  return {
    mirrored: final.mirrored.size,
    lost: lost.length,
    duplicated: final.duplicates,
    half_written: final.halfWritten,
    down_ms: downMs,
    converge_after_restart_ms: convergedMs,
  };
}
