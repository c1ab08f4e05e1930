import { Id } from '../../contract/common.js';
import type { HubContext } from '../hub-context.js';
import { sweepUnsentReceipts } from '../webhooks/sweep-unsent-receipts.js';
import { queueingMirrors } from './enqueue-mirror.js';
import { countOpenQuarantined, entryOfRejectedRow, openQuarantineKeys, quarantineItems, resolveQuarantinedExcept } from './quarantine.js';
import { recordSyncState, type ReconcileReport } from './sync-state.js';
import { isMaskedBehind } from '../redaction/masked-behind.js';
import type { UpstreamListRow } from '../client/index.js';

/**
 * Whether a COMPLETED call's evaluation verdict in the list differs from the mirror's. An
 * evaluation not scored yet on both sides has none to compare (docs/mirror.md, "Mirror job"); a
 * score the mirror lacks, another score (a re-evaluation) or another critical-fail flag is a
 * change, so the call is fetched again.
 */
function verdictChanged(mine: { score: number | null; criticalFail: boolean | null }, t: UpstreamListRow): boolean {
  if (t.status !== 'COMPLETED' || (t.qa.score === null && mine.score === null)) return false;
  if (scoreChanged(t.qa.score, mine.score)) return true;
  return t.qa.critical_fail !== null && mine.criticalFail !== t.qa.critical_fail;
}

/**
 * Catches what webhooks missed: lists the upstream's transcriptions (list form: status, group,
 * critical fail, score) and queues a mirror for every one that is new to the hub, whose status,
 * group, critical-fail flag or score differs, or that the hub has but the upstream no longer lists (the mirror
 * then finds it 404 and marks it deleted: only a mirror queued so confirms a deletion). When the list was cut at 20,000, nothing is judged
 * gone: the API description does not say which rows a cut keeps; a deletion is still found when
 * its transcription is next fetched. The list is read row by row: a row that breaks what the API
 * description promises is quarantined (docs/mirror.md, "Quarantine") and, when it names its
 * transcription by a UUID, that transcription is fetched on its own; every other row goes on.
 * Quarantined get-transcription answers are tried again at every run. Receipts whose enqueue never
 * happened (a minute on) are queued too, claimed as the outbox relay's sweep claims them. A mirror
 * that cannot be queued is logged and counted, and the run goes on; only a queue refusing many in
 * a row (Redis gone) fails the run (docs/mirror.md, "Reconciliation").
 */
export async function reconcileMirror(ctx: HubContext): Promise<ReconcileReport> {
  const client = await ctx.upstream();
  const now = ctx.now();
  const list = await client.listTranscriptions({});
  const upstream = new Map(list.transcriptions.map((t) => [t.transcription_id.toLowerCase(), t]));
  // Only an id in the form the API's paths take can be fetched; any other stays in quarantine alone.
  const rejectedIds = new Set(list.rejected.flatMap((row) => (isFetchableId(row.id) ? [row.id] : [])));
  // The list's quarantine is what this read found: rows broken now are kept, the others resolved.
  const broken = list.rejected.map((row) => entryOfRejectedRow('list-transcriptions', row, ctx.settings.redaction));
  await quarantineItems(ctx.db, broken, now);
  await resolveQuarantinedExcept(
    ctx.db,
    'list-transcriptions',
    broken.map((entry) => entry.itemKey),
    now,
  );

  const mirrored = await ctx.db.hubTranscription.findMany({
    where: { deletedAt: null },
    select: { id: true, status: true, group: true, criticalFail: true, score: true, redactionPolicies: true, redactionVersion: true },
  });
  const mirroredById = new Map(mirrored.map((m) => [m.id, m]));
  // A cut list is not known to hold the newest rows (or any particular ones), so it proves nothing gone.
  const goneChecked = !list.query_limit_reached;

  const report: Required<ReconcileReport> = {
    listed: upstream.size + list.rejected.length,
    queuedNew: 0,
    queuedChanged: 0,
    queuedGone: 0,
    queuedUnsent: 0,
    queuedQuarantined: 0,
    rowsQuarantined: list.rejected.length,
    openQuarantine: 0,
    listCut: list.query_limit_reached,
    goneChecked,
    enqueueFailed: 0,
  };
  const queue = queueingMirrors(ctx, report);
  for (const [id, t] of upstream) {
    const mine = mirroredById.get(id);
    if (!mine) {
      if (await queue(id)) report.queuedNew += 1;
    } else if (
      mine.status !== t.status ||
      mine.group !== t.group ||
      verdictChanged(mine, t) ||
      // Masked under older rules or narrower policies: fetched again, so writeMirror masks it as it would now.
      isMaskedBehind(mine, ctx.settings.redaction)
    ) {
      if (await queue(id)) report.queuedChanged += 1;
    }
  }
  for (const mine of goneChecked ? mirrored : []) {
    if (!upstream.has(mine.id) && !rejectedIds.has(mine.id)) {
      if (await queue(mine.id, { confirmDeletion: true })) report.queuedGone += 1;
    }
  }
  // A row the list could not give is fetched on its own; an answer quarantined before is tried again.
  const retry = new Set([...rejectedIds, ...(await openQuarantineKeys(ctx.db, 'get-transcription')).filter(isFetchableId)]);
  for (const id of retry) {
    const unlisted = goneChecked && !upstream.has(id) && !rejectedIds.has(id);
    if (await queue(id, { confirmDeletion: unlisted })) report.queuedQuarantined += 1;
  }
  // Receipts whose enqueue never happened, by the outbox relay's own sweep (a claim under a lease,
  // so a live relay's receipts are not queued twice), as a backstop when no web process sweeps.
  report.queuedUnsent = (await sweepUnsentReceipts(ctx, { olderThanMs: 60_000 })).queued;
  report.openQuarantine = await countOpenQuarantined(ctx.db);
  await recordSyncState(ctx.db, { lastReconcileAt: now.toISOString(), ...report });
  return report;
}

const isFetchableId = (id: string | null): id is string => id !== null && Id.safeParse(id).success;

/** Scores (0 to 100) closer than this are the same: a list that rounds its scores must not be refetched at every run. */
const scoreTolerance = 0.01;

/** The list's score differs from the mirror's (a re-evaluation); a list row without one says nothing. */
const scoreChanged = (listed: number | null, mirrored: number | null) =>
  listed !== null && (mirrored === null || Math.abs(listed - mirrored) > scoreTolerance);
