/**
 * Shared by the outage scenarios (Redis and PostgreSQL restarted mid-run): a sender that posts
 * signed success webhooks to the hub's receiver and, like a real sender, retries every answer that
 * is not 2xx; and the hub's mirror of those transcriptions compared with the upstream's own rows.
 */
import { randomUUID } from 'node:crypto';
import type { JobHandlers } from '../../../src/queues/job-handler.js';
import type { Db } from '../../../src/db.js';
import { signedWebhook } from '../../hub/alerts/support.js';
import { seedEvaluatedTranscription } from '../../hub/client/support.js';
import type { HubStack } from '../../support/hub-stack.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One POST of a webhook and its answer (status 0: no answer, a network error). */
export interface Attempt {
  transcriptionId: string;
  webhookId: string;
  startedAt: number;
  answeredAt: number;
  status: number;
}

export interface SenderRun {
  attempts: Attempt[];
  /** Transcription ids whose webhook was answered 2xx. */
  acknowledged: Set<string>;
  /** Resolves once every webhook is acknowledged or its sender gave up. */
  done: Promise<void>;
  /** Lets the held webhooks (`heldFrom`) go out, `spacingMs` apart from now. */
  release: () => void;
}

/**
 * Starts one sender per transcription, `spacingMs` apart (those from `heldFrom` on once released).
 * Each posts its webhook (one webhook id, signed afresh at every attempt, as Standard Webhooks
 * senders do) until an answer is 2xx, waiting `retryDelayMs` after any other answer, for at most
 * `giveUpAfterMs`.
 */
export function sendWebhooks(options: {
  url: string;
  secret: string;
  transcriptionIds: string[];
  spacingMs: number;
  retryDelayMs: number;
  giveUpAfterMs: number;
  /** Where to record the acknowledged ids (default a new set), for a caller that watches them during the run. */
  acknowledged?: Set<string>;
  /**
   * Webhooks from this index on wait for `release()` (default: none wait). A scenario that cuts a
   * service once some webhooks are acknowledged holds the rest until the cut, so they are sent
   * during it however slowly a loaded machine answers the first ones.
   */
  heldFrom?: number;
}): SenderRun {
  const attempts: Attempt[] = [];
  const acknowledged = options.acknowledged ?? new Set<string>();
  const heldFrom = options.heldFrom ?? options.transcriptionIds.length;
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const deliver = async (transcriptionId: string, index: number) => {
    if (index >= heldFrom) {
      await released;
      await sleep((index - heldFrom) * options.spacingMs);
    } else {
      await sleep(index * options.spacingMs);
    }
    const webhookId = randomUUID();
    const deadline = Date.now() + options.giveUpAfterMs;
    while (Date.now() < deadline) {
      const { body, headers } = signedWebhook(options.secret, transcriptionId, webhookId);
      const startedAt = Date.now();
      const status = await fetch(options.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) })
        .then(async (res) => {
          await res.arrayBuffer();
          return res.status;
        })
        .catch(() => 0);
      attempts.push({ transcriptionId, webhookId, startedAt, answeredAt: Date.now(), status });
      if (status >= 200 && status < 300) {
        acknowledged.add(transcriptionId);
        return;
      }
      await sleep(options.retryDelayMs);
    }
  };
  const done = Promise.all(options.transcriptionIds.map((id, i) => deliver(id, i))).then(() => undefined);
  return { attempts, acknowledged, done, release };
}

/** `count` evaluated transcriptions of the account, seeded one after the other; their ids. */
export async function seedEvaluatedTranscriptions(db: Db, accountId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push((await seedEvaluatedTranscription(db, accountId)).id);
  return ids;
}

/**
 * sendWebhooks to the stack's receiver, signed with its account's secret, at the scenarios' pace:
 * one transcription every 100 ms, a refused webhook sent again 300 ms later.
 */
export function sendWebhooksTo(
  stack: Pick<HubStack, 'baseUrl' | 'account'>,
  transcriptionIds: string[],
  options: Pick<Parameters<typeof sendWebhooks>[0], 'giveUpAfterMs' | 'acknowledged' | 'heldFrom'>,
): SenderRun {
  return sendWebhooks({
    url: `${stack.baseUrl}/webhooks/transcriptions/success`,
    secret: stack.account.webhookSecret,
    transcriptionIds,
    spacingMs: 100,
    retryDelayMs: 300,
    ...options,
  });
}

export interface MirrorState {
  /** Ids with exactly one COMPLETED hub row holding every criterion result the upstream has. */
  mirrored: Set<string>;
  /** Hub rows whose criterion results differ in number from the upstream's, plus results without a row. */
  halfWritten: number;
  /** Rows beyond the first per transcription, and criterion results beyond the first per criterion. */
  duplicates: number;
}

/** Reads the hub's rows for these transcriptions and compares them with the upstream's evaluations. */
export async function mirrorState(db: Db, transcriptionIds: string[]): Promise<MirrorState> {
  const ids = transcriptionIds.map((id) => id.toLowerCase());
  const upstream = await db.criterionResult.groupBy({
    by: ['transcriptionId'],
    where: { transcriptionId: { in: ids } },
    _count: { _all: true },
  });
  const expected = new Map(upstream.map((g) => [g.transcriptionId, g._count._all]));
  const rows = await db.hubTranscription.findMany({ where: { id: { in: ids } }, select: { id: true, status: true } });
  const results = await db.hubCriterionResult.groupBy({
    by: ['transcriptionId', 'criterionId'],
    where: { transcriptionId: { in: ids } },
    _count: { _all: true },
  });

  const rowsPerId = new Map<string, number>();
  for (const row of rows) rowsPerId.set(row.id, (rowsPerId.get(row.id) ?? 0) + 1);
  const resultsPerId = new Map<string, number>();
  let duplicates = [...rowsPerId.values()].reduce((sum, n) => sum + n - 1, 0);
  for (const group of results) {
    resultsPerId.set(group.transcriptionId, (resultsPerId.get(group.transcriptionId) ?? 0) + group._count._all);
    duplicates += group._count._all - 1;
  }

  const mirrored = new Set<string>();
  let halfWritten = 0;
  for (const row of rows) {
    const complete = (resultsPerId.get(row.id) ?? 0) === (expected.get(row.id) ?? 0);
    if (!complete) halfWritten += 1;
    else if (row.status === 'COMPLETED' && rowsPerId.get(row.id) === 1) mirrored.add(row.id);
  }
  for (const id of resultsPerId.keys()) if (!rowsPerId.has(id)) halfWritten += 1;
  return { mirrored, halfWritten, duplicates };
}

/** Polls `state` until `done(state)` or the time is up, and returns the last state either way (the counts are reported before the assertions). */
export async function settle<T>(state: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, intervalMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await state();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(intervalMs);
  }
}

/** Every run of the mirror job's handler: its job id, the attempt (1-based) and whether it threw. */
export interface MirrorRun {
  jobId: string;
  attempt: number;
  failed: boolean;
}

/** Wraps the mirror job's handler so each run is recorded (completed jobs are removed from the queue). */
export function recordMirrorRuns(runs: MirrorRun[]): (defaults: JobHandlers) => JobHandlers {
  return (defaults) => ({
    ...defaults,
    'hub.mirror-transcription': async (payload, job, token) => {
      const run = { jobId: String(job.id), attempt: job.attemptsMade + 1, failed: false };
      try {
        await defaults['hub.mirror-transcription'](payload, job, token);
      } catch (error) {
        run.failed = true;
        throw error;
      } finally {
        runs.push(run);
      }
    },
  });
}

/** Jobs that ran more than once (failed attempts retried by BullMQ, or stalled runs taken over). */
export function retriedJobs(runs: MirrorRun[]): number {
  const perJob = new Map<string, number>();
  for (const run of runs) perJob.set(run.jobId, (perJob.get(run.jobId) ?? 0) + 1);
  return [...perJob.values()].filter((n) => n > 1).length;
}
