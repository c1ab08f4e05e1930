import path from 'node:path';
import type { Router } from 'express';
import { z } from 'zod';
import { Id } from '../../../../contract/common.js';
import { AppError } from '../../../../lib/errors/app-error.js';
import { KeysetCursor } from '../../../../lib/paging/keyset-cursor.js';
import { viaUpstream } from '../../../client/upstream-errors.js';
import type { HubContext } from '../../../hub-context.js';
import { findEvaluatorNames } from '../../../mirror/evaluator-names.js';
import { getQuotaStatus } from '../../../reports/quota/quota-status.js';
import { previewOnDemandPull } from '../../../reports/runs/preview-on-demand-pull.js';
import { listReportRunsPage } from '../../../reports/runs/report-run-store.js';
import { runReportOnDemand } from '../../../reports/runs/run-report-on-demand.js';
import { requireAdmin } from '../../auth/require-user.js';
import { consoleAction, optionalField, parseInput, redirectWithFlash } from '../../console-form.js';
import { frameOf, send } from '../../console-request.js';
import { pullPreviewPage } from './pull-preview-view.js';
import { listSubjectChoices } from '../../../mirror/subject-choices.js';
import { reportsPage } from './reports-view.js';

const PullForm = z.object({
  kind: z.enum(['account', 'evaluator', 'participant'], { error: 'Choose a report: account, evaluator or participant' }),
  subject_id: optionalField(Id),
  period: z
    .string({ error: 'Give a period' })
    .trim()
    .regex(/^\d{4}-(\d{2}|W\d{2})$/, { error: 'The period is a month (2026-10) or an ISO week (2026-W44)' }),
});
const SnapshotId = z.object({ id: Id.transform((v) => v.toLowerCase()) });
/** The runs' page: the previous page's last run (its "Older" link). */
const RunsPage = z.object({ cursor: optionalField(KeysetCursor) });

/** Report runs per page. */
const runsPerPage = 100;

const back = '/console/reports';

/** /console/reports: schedules, runs and exports, the month's quota per endpoint, and "pull now" after a cost preview (docs/console-alerts-reports.md). */
export function registerReportsPages(router: Router, hub: HubContext): void {
  const exportSettings = hub.settings.reports.export;
  const sheetsUrl =
    exportSettings.kind === 'sheets' ? `https://docs.google.com/spreadsheets/d/${encodeURIComponent(exportSettings.spreadsheetId)}` : null;

  router.get('/reports', async (req, res) => {
    const { cursor } = parseInput(RunsPage, req.query, 'Invalid page');
    const quota = await viaUpstream(() => getQuotaStatus(hub));
    const scope = (await viaUpstream(() => hub.upstream())).accountRef;
    const { runs, nextCursor } = await listReportRunsPage(hub.db, { scope, limit: runsPerPage, before: cursor });
    const [evaluatorNames, choices] = await Promise.all([
      findEvaluatorNames(
        hub.db,
        runs.filter((r) => r.kind === 'evaluator' && !r.subjectTag).map((r) => r.subjectId),
      ),
      listSubjectChoices(hub.db),
    ]);
    send(
      res,
      reportsPage(frameOf(req), {
        quota,
        runs,
        choices,
        isOlderPage: cursor !== undefined,
        nextRunsCursor: nextCursor,
        evaluatorNames,
        schedules: hub.settings.reports.schedules,
        planCron: hub.settings.reports.planCron,
        sheetsUrl,
        now: hub.now(),
      }),
    );
  });

  // The cost, shown before anything is spent: a GET that reserves nothing, then a POST to confirm.
  router.get('/reports/pull', requireAdmin, async (req, res) => {
    let preview;
    try {
      const form = parseInput(PullForm, req.query, 'Cannot preview the pull');
      preview = await viaUpstream(() =>
        previewOnDemandPull(hub, { kind: form.kind, ...(form.subject_id ? { subjectId: form.subject_id } : {}), period: form.period }),
      );
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      await redirectWithFlash(req, res, { kind: 'error', text: error.message }, `${back}#pull-h`);
      return;
    }
    send(res, pullPreviewPage(frameOf(req), preview));
  });

  router.post(
    '/reports/pull',
    requireAdmin,
    consoleAction(`${back}#runs-h`, async (req) => {
      const form = parseInput(
        PullForm.extend({ confirm: z.literal('yes', { error: 'Confirm the pull on its preview page first' }) }),
        req.body,
        'Cannot pull',
      );
      const result = await viaUpstream(() =>
        runReportOnDemand(hub, {
          kind: form.kind,
          ...(form.subject_id ? { subjectId: form.subject_id } : {}),
          period: form.period,
          shouldExport: true,
        }),
      );
      const flash = `Pulled the ${form.kind} report for ${result.run.period}: ${result.rows} row(s)${
        result.isComplete ? '' : ' so far (the period has not ended)'
      }; 1 call of the quota spent; its export is queued.`;
      return { flash, to: `${back}#runs-h` };
    }),
  );

  router.get('/reports/snapshots/:id/export.csv', async (req, res) => {
    const { id } = parseInput(SnapshotId, req.params, 'No such report');
    if (exportSettings.kind !== 'csv') throw new AppError('not_found', 'Reports go to Google Sheets here: open the spreadsheet');
    const snapshot = await hub.db.hubReportSnapshot.findUnique({ where: { id }, select: { exportTarget: true } });
    if (!snapshot?.exportTarget) throw new AppError('not_found', `No CSV export of report ${id} (yet)`);
    // Only a file inside EXPORTS_DIR is served, whatever the row says.
    const dir = path.resolve(exportSettings.dir);
    const file = path.resolve(snapshot.exportTarget);
    if (!file.startsWith(`${dir}${path.sep}`) || !file.endsWith('.csv')) throw new AppError('not_found', `No CSV export of report ${id}`);
    res.setHeader('Cache-Control', 'no-store');
    res.download(file, path.basename(file), { dotfiles: 'deny' }, (error) => {
      if (error && !res.headersSent) res.status(404).type('text').send(`The CSV file of report ${id} is gone from ${exportSettings.dir}`);
    });
  });
}
