import { z } from 'zod';
import { Id } from '../../../contract/common.js';
import { remirrorTranscription } from '../../mirror/remirror-transcription.js';
import { readReconcileRuns } from '../../mirror/sync-state.js';
import { countReceiptOutcomes, listReceipts, listRejections, rejectionOutcomes } from '../../webhooks/receipt-log.js';
import { defineAdminRoute } from '../admin-route.js';

const Instant = z.iso.datetime({ offset: true, error: 'expected an ISO 8601 datetime' });

const MirrorJob = z.object({
  state: z.string().describe('mirrored (done; completed jobs are removed), waiting, active, delayed, failed, or none'),
  error: z.string().nullable(),
  attempts: z.number().nullable(),
});

const Receipt = z.object({
  id: z
    .string()
    .describe(
      'the receipt key: tx-<transcription id>-<success|error> (one per transcription and receiver URL; older receipts: whid-<webhook-id> or sha256-<body hash>)',
    ),
  transcription_id: z.string(),
  event_type: z.string(),
  receiver: z.string().describe('the receiver URL it came to: success or error'),
  outcome: z.enum(['accepted']),
  duplicates: z.number().describe('repeats acknowledged as duplicate'),
  last_duplicate_at: z.string().nullable(),
  received_at: z.string(),
  enqueued_at: z.string().nullable(),
  mirrored_at: z.string().nullable(),
  mirror_lag_ms: z.number().nullable(),
  mirror_job: MirrorJob,
});

const Rejection = z.object({
  id: z.string(),
  outcome: z.enum(rejectionOutcomes),
  reason: z.string(),
  webhook_id: z.string().nullable(),
  receiver: z.string(),
  received_at: z.string(),
});

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const receiptRoutes = [
  defineAdminRoute({
    method: 'get',
    path: '/webhooks/receipts',
    summary: 'Webhooks the hub accepted, newest first, each with the mirror job it became; and the count of every outcome since `from`',
    tag: 'webhooks',
    query: z.object({
      transcription_id: Id.optional(),
      from: Instant.optional().describe('received at or after (also the start of the counts; default: the last 24 hours)'),
      to: Instant.optional().describe('received before'),
      limit: z.coerce.number().int().min(1).max(200).default(50),
      cursor: z.string().max(200).optional(),
    }),
    response: z.object({
      receipts: z.array(Receipt),
      next_cursor: z.string().nullable(),
      counts: z.object({
        accepted: z.number(),
        duplicate: z.number(),
        bad_signature: z.number(),
        stale: z.number(),
        malformed: z.number(),
      }),
    }),
    async handle({ query }, ctx) {
      const since = query.from ? new Date(query.from) : new Date(ctx.now().getTime() - 86_400_000);
      const [page, counts] = await Promise.all([
        listReceipts(ctx, {
          transcriptionId: query.transcription_id,
          from: query.from ? new Date(query.from) : undefined,
          to: query.to ? new Date(query.to) : undefined,
          limit: query.limit,
          cursor: query.cursor,
        }),
        countReceiptOutcomes(ctx.db, since),
      ]);
      return {
        receipts: page.receipts.map((r) => ({
          id: r.id,
          transcription_id: r.transcriptionId,
          event_type: r.eventType,
          receiver: r.outcome,
          outcome: 'accepted' as const,
          duplicates: r.duplicates,
          last_duplicate_at: iso(r.lastDuplicateAt),
          received_at: r.receivedAt.toISOString(),
          enqueued_at: iso(r.enqueuedAt),
          mirrored_at: iso(r.mirroredAt),
          mirror_lag_ms: r.mirroredAt ? r.mirroredAt.getTime() - r.receivedAt.getTime() : null,
          mirror_job: r.mirrorJob,
        })),
        next_cursor: page.nextCursor,
        counts,
      };
    },
  }),
  defineAdminRoute({
    method: 'get',
    path: '/webhooks/rejections',
    summary: 'Webhooks the hub refused (bad signature, stale timestamp, malformed body), newest first; the newest 1,000 are kept',
    tag: 'webhooks',
    query: z.object({ outcome: z.enum(rejectionOutcomes).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
    response: z.object({ rejections: z.array(Rejection) }),
    async handle({ query }, ctx) {
      const rows = await listRejections(ctx.db, { outcome: query.outcome, limit: query.limit });
      return {
        rejections: rows.map((r) => ({
          id: r.id,
          outcome: r.outcome as (typeof rejectionOutcomes)[number],
          reason: r.reason,
          webhook_id: r.webhookId,
          receiver: r.path,
          received_at: r.receivedAt.toISOString(),
        })),
      };
    },
  }),
  defineAdminRoute({
    method: 'post',
    path: '/transcriptions/:id/mirror',
    summary: 'Mirror one transcription again (queued; a failed mirror job of it is replaced)',
    tag: 'webhooks',
    status: 202,
    params: z.object({ id: Id }),
    response: z.object({ job_id: z.string(), transcription_id: z.string() }),
    async handle({ params }, ctx) {
      const { jobId } = await remirrorTranscription(ctx.jobs, params.id);
      return { job_id: jobId, transcription_id: params.id.toLowerCase() };
    },
  }),
  defineAdminRoute({
    method: 'get',
    path: '/sync/runs',
    summary: 'The last 20 reconciliations, newest first: what each found (listed, queued new, changed, gone, unsent) or why it failed',
    tag: 'sync',
    response: z.object({
      runs: z.array(
        z.object({
          at: z.string(),
          ok: z.boolean(),
          error: z.string().nullable(),
          listed: z.number().nullable(),
          queued_new: z.number().nullable(),
          queued_changed: z.number().nullable(),
          queued_gone: z.number().nullable(),
          queued_unsent: z.number().nullable(),
          list_cut: z.boolean().nullable(),
        }),
      ),
    }),
    async handle(_input, ctx) {
      const runs = await readReconcileRuns(ctx.db);
      return {
        runs: runs.map((r) =>
          r.ok
            ? {
                at: r.lastReconcileAt,
                ok: true,
                error: null,
                listed: r.listed,
                queued_new: r.queuedNew,
                queued_changed: r.queuedChanged,
                queued_gone: r.queuedGone,
                queued_unsent: r.queuedUnsent,
                list_cut: r.listCut,
              }
            : {
                at: r.lastReconcileAt,
                ok: false,
                error: r.error,
                listed: null,
                queued_new: null,
                queued_changed: null,
                queued_gone: null,
                queued_unsent: null,
                list_cut: null,
              },
        ),
      };
    },
  }),
];
