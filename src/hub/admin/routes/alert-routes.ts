import { z } from 'zod';
import { Id } from '../../../contract/common.js';
import type { HubAlert } from '../../../generated/prisma/client.js';
import { AppError } from '../../../lib/errors/app-error.js';
import { KeysetCursor } from '../../../lib/paging/keyset-cursor.js';
import {
  alertKinds,
  alertStatuses,
  countAlertsByStatus,
  findAlert,
  listAlerts,
  retryAlert,
  type AlertStatus,
} from '../../alerts/alert-outbox.js';
import { listRoutes, removeEvaluatorChannel, resolveAlertChannel } from '../../alerts/channel-routing.js';
import { digestTriggers, listDigestRuns } from '../../alerts/digest-runs.js';
import { routeEvaluatorAlerts } from '../../alerts/route-evaluator-alerts.js';
import { sendDigestNow } from '../../alerts/send-pending-review-digest.js';
import { sendTestMessage } from '../../alerts/send-test-message.js';
import { SlackChannel } from '../../alerts/slack-channel.js';
import { defineAdminRoute } from '../admin-route.js';
import { countsOf } from '../counts-wire.js';
import { upstreamErrorCodes, viaUpstream } from '../../client/upstream-errors.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const AlertWire = z.object({
  id: z.string(),
  transcription_id: z.string(),
  kind: z.string(),
  status: z.enum(alertStatuses),
  channel: z.string().nullable(),
  attempts: z.number(),
  last_error: z.string().nullable(),
  maybe_posted: z.boolean(),
  slack_channel: z.string().nullable(),
  slack_ts: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});

const toAlertWire = (alert: HubAlert): z.input<typeof AlertWire> => ({
  id: alert.id,
  transcription_id: alert.transcriptionId,
  kind: alert.kind,
  status: alert.status as AlertStatus,
  channel: alert.channel,
  attempts: alert.attempts,
  last_error: alert.lastError,
  maybe_posted: alert.maybePosted,
  slack_channel: alert.slackChannel,
  slack_ts: alert.slackTs,
  created_at: alert.createdAt.toISOString(),
  sent_at: iso(alert.sentAt),
});

const DigestPostWire = z.object({
  channel: z.string(),
  evaluators: z.number(),
  pending: z.number(),
  outcome: z.enum(['posted', 'logged', 'posted_before']),
});
const DigestFailureWire = z.object({ channel: z.string(), error: z.string() });

const RouteWire = z.object({ evaluator_id: z.string(), channel: z.string(), source: z.enum(['admin', 'config']) });

export const alertRoutes = [
  defineAdminRoute({
    method: 'get',
    path: '/alerts',
    // A bad cursor (400).
    errors: ['invalid_value'],
    summary:
      'The Slack alerts outbox, newest first, with the count of each status (pending, sending, sent, delivered_to_log, failed); next_cursor, given back as cursor, lists the older ones',
    tag: 'alerts',
    query: z.object({
      status: z.enum(alertStatuses).optional(),
      kind: z.enum(alertKinds).optional(),
      limit: z.coerce.number().int().min(1).max(1_000).default(100),
      cursor: KeysetCursor.optional(),
    }),
    response: z.object({
      counts: countsOf(alertStatuses),
      alerts: z.array(AlertWire),
      notifier: z.enum(['slack', 'log']),
      next_cursor: z.string().nullable(),
    }),
    async handle({ query }, ctx) {
      const [page, counts] = await Promise.all([
        listAlerts(ctx.db, { status: query.status, kind: query.kind, limit: query.limit, before: query.cursor }),
        countAlertsByStatus(ctx.db),
      ]);
      return { counts, alerts: page.alerts.map(toAlertWire), notifier: ctx.slack.kind, next_cursor: page.nextCursor };
    },
  }),
  defineAdminRoute({
    method: 'post',
    path: '/alerts/:id/retry',
    errors: ['not_found', 'conflict'],
    summary:
      'Send a failed alert again (queued). One that may already be in Slack is looked for there first, unless assume_not_posted says someone checked and it is not',
    tag: 'alerts',
    params: z.object({ id: Id }),
    body: z.object({ assume_not_posted: z.boolean({ error: 'assume_not_posted must be true or false' }).default(false) }),
    status: 202,
    response: AlertWire,
    async handle({ params, body }, ctx) {
      const id = params.id.toLowerCase();
      const alert = await findAlert(ctx.db, id);
      if (!alert) throw new AppError('not_found', `No alert ${params.id}`);
      const isRetried = await retryAlert(ctx.db, ctx.jobs, id, { assumeNotPosted: body.assume_not_posted });
      if (!isRetried) throw new AppError('conflict', `Alert ${id} is ${alert.status}, not failed: only failed alerts are retried`);
      return toAlertWire((await findAlert(ctx.db, id)) ?? alert);
    },
  }),
  defineAdminRoute({
    method: 'post',
    path: '/alerts/test',
    // An unknown channel (400), Slack's rate limit (429), Slack refusing the token (503).
    errors: ['invalid_value', 'rate_limited', 'unavailable'],
    summary: "Post a test message to a channel (or an evaluator's alert channel, or the default one) and answer how it went",
    tag: 'alerts',
    body: z.object({ channel: SlackChannel.optional(), evaluator_id: Id.optional() }),
    response: z.object({ delivered_to: z.enum(['slack', 'log']), channel: z.string(), ts: z.string().nullable() }),
    async handle({ body }, ctx) {
      const result = await sendTestMessage(ctx, {
        ...(body.channel ? { channel: body.channel } : {}),
        ...(body.evaluator_id ? { evaluatorId: body.evaluator_id.toLowerCase() } : {}),
      });
      return { delivered_to: result.deliveredTo, channel: result.channel, ts: result.ts };
    },
  }),
  defineAdminRoute({
    method: 'get',
    path: '/alert-routes',
    summary: 'Per-evaluator alert channels in effect (admin routes win over SLACK_EVALUATOR_CHANNELS) and the default channel',
    tag: 'alerts',
    response: z.object({ default_channel: z.string().nullable(), routes: z.array(RouteWire) }),
    async handle(_input, ctx) {
      const routes = await listRoutes(ctx.db, ctx.settings.slack);
      return {
        default_channel: ctx.settings.slack.defaultChannel,
        routes: routes.map((r) => ({ evaluator_id: r.evaluatorId, channel: r.channel, source: r.source })),
      };
    },
  }),
  defineAdminRoute({
    method: 'put',
    path: '/alert-routes/:evaluatorId',
    errors: upstreamErrorCodes,
    summary: "Route an evaluator's alerts and digest section to a channel (the evaluator must exist upstream); used from the next alert on",
    tag: 'alerts',
    params: z.object({ evaluatorId: Id }),
    body: z.object({ channel: SlackChannel }),
    response: z.object({ evaluator_id: z.string(), channel: z.string().nullable() }),
    async handle({ params, body }, ctx) {
      const evaluatorId = params.evaluatorId.toLowerCase();
      const channel = await viaUpstream(() => routeEvaluatorAlerts(ctx, evaluatorId, body.channel));
      return { evaluator_id: evaluatorId, channel };
    },
  }),
  defineAdminRoute({
    method: 'delete',
    path: '/alert-routes/:evaluatorId',
    errors: ['not_found'],
    summary:
      "Remove an evaluator's admin route: its alerts go to SLACK_EVALUATOR_CHANNELS' channel or the default again (answers the channel now in effect)",
    tag: 'alerts',
    params: z.object({ evaluatorId: Id }),
    response: z.object({ evaluator_id: z.string(), channel: z.string().nullable() }),
    async handle({ params }, ctx) {
      const evaluatorId = params.evaluatorId.toLowerCase();
      const isRemoved = await removeEvaluatorChannel(ctx.db, evaluatorId);
      if (!isRemoved) throw new AppError('not_found', `No admin route for evaluator ${evaluatorId}`);
      return { evaluator_id: evaluatorId, channel: await resolveAlertChannel(ctx.db, ctx.settings.slack, evaluatorId) };
    },
  }),
  defineAdminRoute({
    method: 'get',
    path: '/alerts/digest-runs',
    // A bad cursor (400).
    errors: ['invalid_value'],
    summary:
      "The pending-review digest's last runs, newest first: what was pending, each channel's outcome and Slack's error for those not posted to; next_cursor, given back as cursor, lists the older ones",
    tag: 'alerts',
    query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(20), cursor: KeysetCursor.optional() }),
    response: z.object({
      next_cursor: z.string().nullable(),
      runs: z.array(
        z.object({
          id: z.string(),
          tick: z.string(),
          trigger: z.enum(digestTriggers),
          pending: z.number(),
          posts: z.array(DigestPostWire),
          failures: z.array(DigestFailureWire),
          started_at: z.string(),
          finished_at: z.string(),
        }),
      ),
    }),
    async handle({ query }, ctx) {
      const { runs, nextCursor } = await listDigestRuns(ctx.db, { limit: query.limit, before: query.cursor });
      return {
        next_cursor: nextCursor,
        runs: runs.map(({ startedAt, finishedAt, ...r }) => ({
          ...r,
          started_at: startedAt.toISOString(),
          finished_at: finishedAt.toISOString(),
        })),
      };
    },
  }),
  defineAdminRoute({
    method: 'post',
    path: '/alerts/digest',
    // Every channel refused or unreachable (the run is recorded all the same).
    errors: ['unavailable'],
    summary:
      "Send the pending-review digest now, to every channel with critical fails pending review (a second request in the same minute posts nothing twice); answers each channel's outcome",
    tag: 'alerts',
    status: 201,
    response: z.object({ tick: z.string(), pending: z.number(), posts: z.array(DigestPostWire), failures: z.array(DigestFailureWire) }),
    async handle(_input, ctx) {
      const report = await sendDigestNow(ctx);
      const failures = report.failures.map((f) => ({ channel: f.channel, error: `${f.error.code}: ${f.error.message}` }));
      if (failures.length > 0 && report.posts.length === 0) {
        throw new AppError('unavailable', `The digest was not posted: ${failures.map((f) => `${f.channel} (${f.error})`).join(', ')}`, {
          retryAfterSeconds: 30,
        });
      }
      return { tick: report.tick, pending: report.pending, posts: report.posts, failures };
    },
  }),
];
