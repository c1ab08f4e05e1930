import type { Router } from 'express';
import { z } from 'zod';
import { Id } from '../../contract/common.js';
import { AppError } from '../../lib/errors/app-error.js';
import { viaUpstream } from '../admin/upstream-errors.js';
import { alertStatuses, countAlertsByStatus, findAlert, listAlerts, retryAlert } from '../alerts/alert-outbox.js';
import { listRoutes, removeEvaluatorChannel } from '../alerts/channel-routing.js';
import { listDigestRuns } from '../alerts/digest-runs.js';
import { routeEvaluatorAlerts } from '../alerts/route-evaluator-alerts.js';
import { sendDigestNow } from '../alerts/send-pending-review-digest.js';
import { sendTestMessage } from '../alerts/send-test-message.js';
import { SlackChannel } from '../alerts/slack-channel.js';
import type { HubContext } from '../hub-context.js';
import { requireAdmin } from './auth/require-user.js';
import { act, optionalField, parseForm } from './console-form.js';
import { frameOf, send } from './console-request.js';
import { alertsPage } from './pages/alerts-page.js';

const AlertsFilter = z.object({ status: optionalField(z.enum(alertStatuses, { error: `status must be one of ${alertStatuses.join(', ')}` })) });
const AlertId = z.object({ id: Id.transform((v) => v.toLowerCase()) });
const RouteForm = z.object({ evaluator_id: Id.transform((v) => v.toLowerCase()), channel: SlackChannel });
const TestForm = z.object({ channel: optionalField(SlackChannel), evaluator_id: optionalField(Id.transform((v) => v.toLowerCase())) });

const back = '/console/alerts';

/** /console/alerts: the Slack alerts' outbox, routes, test message and digest (docs/console-alerts-reports.md). Admins act; leads and viewers read. */
export function registerAlertsPages(router: Router, hub: HubContext): void {
  router.get('/alerts', async (req, res) => {
    const filter = parseForm(AlertsFilter, req.query);
    const [alerts, counts, routes, digestRuns] = await Promise.all([
      listAlerts(hub.db, { ...(filter.status ? { status: filter.status } : {}), limit: 100 }),
      countAlertsByStatus(hub.db),
      listRoutes(hub.db, hub.settings.slack),
      listDigestRuns(hub.db, 10),
    ]);
    send(res, alertsPage(frameOf(req), { filter, alerts, counts, routes, defaultChannel: hub.settings.slack.defaultChannel, digestRuns, notifier: hub.slack.kind }));
  });

  router.post('/alerts/:id/retry', requireAdmin, (req, res) =>
    act(req, res, back, async () => {
      const { id } = parseForm(AlertId, req.params);
      const alert = await findAlert(hub.db, id);
      if (!alert) throw new AppError('not_found', `No alert ${id}`);
      const isRetried = await retryAlert(hub.db, hub.jobs, id, { assumeNotPosted: (req.body as Record<string, unknown>).assume_not_posted === 'yes' });
      if (!isRetried) throw new AppError('conflict', `Alert ${id.slice(0, 8)} is ${alert.status}, not failed: only failed alerts are retried`);
      return `Alert ${id.slice(0, 8)} queued to send again.`;
    }),
  );

  router.post('/alerts/routes', requireAdmin, (req, res) =>
    act(req, res, back, async () => {
      const form = parseForm(RouteForm, req.body);
      const channel = await viaUpstream(() => routeEvaluatorAlerts(hub, form.evaluator_id, form.channel));
      return `Alerts of evaluator ${form.evaluator_id} now go to ${channel ?? form.channel}, from the next alert on.`;
    }),
  );

  router.post('/alerts/routes/:evaluatorId/remove', requireAdmin, (req, res) =>
    act(req, res, back, async () => {
      const { id } = parseForm(AlertId, { id: req.params.evaluatorId });
      if (!(await removeEvaluatorChannel(hub.db, id))) throw new AppError('not_found', `No console or admin route for evaluator ${id}`);
      return `Route of evaluator ${id} removed: its alerts follow SLACK_EVALUATOR_CHANNELS or the default channel again.`;
    }),
  );

  router.post('/alerts/test', requireAdmin, (req, res) =>
    act(req, res, back, async () => {
      const form = parseForm(TestForm, req.body);
      const result = await sendTestMessage(hub, { ...(form.channel ? { channel: form.channel } : {}), ...(form.evaluator_id ? { evaluatorId: form.evaluator_id } : {}) });
      return result.deliveredTo === 'slack' ? `Test message posted to ${result.channel} (ts ${result.ts}).` : `No Slack bot token: the test message for ${result.channel} was written to the log.`;
    }),
  );

  router.post('/alerts/digest', requireAdmin, (req, res) =>
    act(req, res, back, async () => {
      const report = await sendDigestNow(hub);
      const failed = report.failures.map((f) => `${f.channel} (${f.error.code})`);
      if (failed.length && report.posts.length === 0) throw new AppError('unavailable', `The digest was not posted: ${failed.join(', ')}`);
      if (report.pending === 0) return 'Nothing is pending review: no digest was posted.';
      const posts = report.posts.map((p) => `${p.channel} ${p.outcome === 'posted_before' ? 'already had it this minute' : p.outcome}`).join(', ');
      return `Digest of ${report.pending} pending review: ${posts}${failed.length ? `; not posted to ${failed.join(', ')}` : ''}.`;
    }),
  );
}
