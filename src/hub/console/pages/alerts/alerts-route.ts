import type { Router } from 'express';
import { z } from 'zod';
import { Id } from '../../../../contract/common.js';
import { AppError } from '../../../../lib/errors/app-error.js';
import { KeysetCursor } from '../../../../lib/paging/keyset-cursor.js';
import { viaUpstream } from '../../../client/upstream-errors.js';
import { alertStatuses, countAlertsByStatus, findAlert, listAlerts, retryAlert } from '../../../alerts/alert-outbox.js';
import { listRoutes, removeEvaluatorChannel } from '../../../alerts/channel-routing.js';
import { listDigestRuns } from '../../../alerts/digest-runs.js';
import { routeEvaluatorAlerts } from '../../../alerts/route-evaluator-alerts.js';
import { sendDigestNow } from '../../../alerts/send-pending-review-digest.js';
import { sendTestMessage } from '../../../alerts/send-test-message.js';
import { SlackChannel } from '../../../alerts/slack-channel.js';
import type { HubContext } from '../../../hub-context.js';
import { findEvaluatorNames } from '../../../mirror/evaluator-names.js';
import { requireAdmin } from '../../auth/require-user.js';
import { consoleAction, optionalField, parseInput } from '../../console-form.js';
import { frameOf, send } from '../../console-request.js';
import { listSubjectChoices } from '../../../mirror/subject-choices.js';
import { alertsPage } from './alerts-view.js';

const AlertsFilter = z.object({
  status: optionalField(z.enum(alertStatuses, { error: `status must be one of ${alertStatuses.join(', ')}` })),
  /** The outbox's page: the previous page's last alert (its "Older" link). */
  cursor: optionalField(KeysetCursor),
  /** The digest runs' page, apart from the outbox's. */
  digest_cursor: optionalField(KeysetCursor),
});
const AlertId = z.object({ id: Id.transform((v) => v.toLowerCase()) });
const RouteForm = z.object({ evaluator_id: Id.transform((v) => v.toLowerCase()), channel: SlackChannel });
const TestForm = z.object({ channel: optionalField(SlackChannel), evaluator_id: optionalField(Id.transform((v) => v.toLowerCase())) });

const back = '/console/alerts';
/** Alerts per page of the outbox, and digest runs per page of theirs. */
const alertsPerPage = 100;
const digestRunsPerPage = 10;

/** /console/alerts: the Slack alerts' outbox, routes, test message and digest (docs/console-alerts-reports.md). Admins act; leads and viewers read. */
export function registerAlertsPages(router: Router, hub: HubContext): void {
  router.get('/alerts', async (req, res) => {
    const filter = parseInput(AlertsFilter, req.query, 'Invalid filter');
    const [outbox, counts, routes, digest] = await Promise.all([
      listAlerts(hub.db, { status: filter.status, limit: alertsPerPage, before: filter.cursor }),
      countAlertsByStatus(hub.db),
      listRoutes(hub.db, hub.settings.slack),
      listDigestRuns(hub.db, { limit: digestRunsPerPage, before: filter.digest_cursor }),
    ]);
    const [evaluatorNames, choices] = await Promise.all([
      findEvaluatorNames(
        hub.db,
        routes.map((r) => r.evaluatorId),
      ),
      listSubjectChoices(hub.db),
    ]);
    send(
      res,
      alertsPage(frameOf(req), {
        filter: { status: filter.status },
        isOlderPage: { alerts: filter.cursor !== undefined, digestRuns: filter.digest_cursor !== undefined },
        alerts: outbox.alerts,
        nextAlertsCursor: outbox.nextCursor,
        counts,
        routes,
        evaluatorNames,
        evaluatorChoices: choices.evaluators,
        defaultChannel: hub.settings.slack.defaultChannel,
        digestRuns: digest.runs,
        nextDigestRunsCursor: digest.nextCursor,
        notifier: hub.slack.kind,
      }),
    );
  });

  router.post(
    '/alerts/:id/retry',
    requireAdmin,
    consoleAction(back, async (req) => {
      const { id } = parseInput(AlertId, req.params, 'No such alert');
      const alert = await findAlert(hub.db, id);
      if (!alert) throw new AppError('not_found', `No alert ${id}`);
      const isRetried = await retryAlert(hub.db, hub.jobs, id, {
        assumeNotPosted: (req.body as Record<string, unknown>).assume_not_posted === 'yes',
      });
      if (!isRetried)
        throw new AppError('conflict', `Alert ${id.slice(0, 8)} is ${alert.status}, not failed: only failed alerts are retried`);
      return { flash: `Alert ${id.slice(0, 8)} queued to send again.`, to: back };
    }),
  );

  router.post(
    '/alerts/routes',
    requireAdmin,
    consoleAction(back, async (req) => {
      const form = parseInput(RouteForm, req.body, 'Cannot route the alerts');
      const channel = await viaUpstream(() => routeEvaluatorAlerts(hub, form.evaluator_id, form.channel));
      return { flash: `Alerts of evaluator ${form.evaluator_id} now go to ${channel ?? form.channel}, from the next alert on.`, to: back };
    }),
  );

  router.post(
    '/alerts/routes/:evaluatorId/remove',
    requireAdmin,
    consoleAction(back, async (req) => {
      const { id } = parseInput(AlertId, { id: req.params.evaluatorId }, 'No such route');
      if (!(await removeEvaluatorChannel(hub.db, id))) throw new AppError('not_found', `No console or admin route for evaluator ${id}`);
      return {
        flash: `Route of evaluator ${id} removed: its alerts follow SLACK_EVALUATOR_CHANNELS or the default channel again.`,
        to: back,
      };
    }),
  );

  router.post(
    '/alerts/test',
    requireAdmin,
    consoleAction(back, async (req) => {
      const form = parseInput(TestForm, req.body, 'Cannot send a test message');
      const result = await sendTestMessage(hub, {
        ...(form.channel ? { channel: form.channel } : {}),
        ...(form.evaluator_id ? { evaluatorId: form.evaluator_id } : {}),
      });
      const flash =
        result.deliveredTo === 'slack'
          ? `Test message posted to ${result.channel} (ts ${result.ts}).`
          : `No Slack bot token: the test message for ${result.channel} was written to the log.`;
      return { flash, to: back };
    }),
  );

  router.post(
    '/alerts/digest',
    requireAdmin,
    consoleAction(back, async () => {
      const report = await sendDigestNow(hub);
      const failed = report.failures.map((f) => `${f.channel}: ${f.error.code} (${f.error.message})`);
      // Every channel failed: said in red on the page, the run (recorded all the same) listed below.
      if (failed.length && report.posts.length === 0) {
        return {
          kind: 'error',
          flash: `The digest was not posted to any channel: ${failed.join('; ')}. The run is recorded below.`,
          to: `${back}#digest-h`,
        };
      }
      if (report.pending === 0) return { flash: 'Nothing is pending review: no digest was posted.', to: back };
      const posts = report.posts
        .map((p) => `${p.channel} ${p.outcome === 'posted_before' ? 'already had it this minute' : p.outcome}`)
        .join(', ');
      return {
        flash: `Digest of ${report.pending} pending review: ${posts}${failed.length ? `; not posted to ${failed.join('; ')}` : ''}.`,
        to: back,
      };
    }),
  );
}
