import type { QuotaStatus } from '../../../reports/quota/quota-status.js';
import { endpointOfKind, type ReportKind } from '../../../reports/report-kinds.js';
import type { ReportSchedule } from '../../../reports/reports-settings.js';
import { allReportSchedules } from '../../../reports/reports-settings.js';
import type { ListedReportRun } from '../../../reports/runs/report-run-store.js';
import { mayOperate } from '../../users/console-user.js';
import { html, type SafeHtml } from '../../ui/html.js';
import { formatDate, layout, type PageFrame } from '../../ui/layout.js';
import type { SubjectChoices } from '../../../mirror/subject-choices.js';
import { subjectPicker } from '../../ui/subject-picker.js';
import { quotaBar, quotaSegments } from '../../ui/quota-bar.js';

export interface ReportsView {
  quota: QuotaStatus;
  /** A page of runs, newest recorded first. */
  runs: ListedReportRun[];
  /** Whether this is an older page (a "Newest" link back). */
  isOlderPage: boolean;
  /** The cursor of the next, older page; null on the last. */
  nextRunsCursor: string | null;
  /** Evaluators' names from the mirror, by id, for evaluator runs recorded without their tag. */
  evaluatorNames: ReadonlyMap<string, string>;
  /** The evaluators and participants the mirror knows by name, for "pull now"'s picker. */
  choices: SubjectChoices;
  /** The schedules in effect (REPORTS_SCHEDULES; none when REPORTS_ENABLED is false). */
  schedules: readonly ReportSchedule[];
  planCron: string;
  sheetsUrl: string | null;
  now: Date;
}

const scheduleFacts: Record<ReportSchedule, { kind: ReportKind; what: string; period: string; due: string }> = {
  'account-monthly': { kind: 'account', what: 'the whole account', period: 'the previous month', due: 'the 1st, 00:00 UTC' },
  'evaluator-weekly': { kind: 'evaluator', what: 'every evaluator', period: 'the ISO week that just ended', due: 'each Monday, 00:00 UTC' },
  'participant-monthly': { kind: 'participant', what: 'every participant', period: 'the previous month', due: 'the 1st, 00:00 UTC' },
};

const statusClass = (status: string) => (status === 'failed' ? 'bad' : status === 'succeeded' ? 'good' : '');

function exportCell(run: ListedReportRun, sheetsUrl: string | null): SafeHtml {
  const s = run.snapshot;
  if (!s) return html`—`;
  if (s.exportError && !s.exportedAt) return html`<span class="bad">export failed: ${s.exportError}</span>`;
  if (!s.exportedAt || !s.exportTarget) return html`export queued`;
  if (sheetsUrl) return html`<a href="${sheetsUrl}" rel="noopener">Sheets: ${s.exportTarget}</a>`;
  return html`<a href="/console/reports/snapshots/${s.id}/export.csv" download>CSV (${s.rowCount} rows)</a>`;
}

/** A run's subject by name (its tag, or for an evaluator the mirror's name), the id as its title; the id when no name is known. */
function subjectCell(run: ListedReportRun, evaluatorNames: ReadonlyMap<string, string>): SafeHtml {
  const name = run.subjectTag ?? (run.kind === 'evaluator' ? evaluatorNames.get(run.subjectId.toLowerCase()) : undefined);
  return name ? html`<span class="subject" title="${run.subjectId}">${name}</span>` : html`<span class="subject">${run.subjectId}</span>`;
}

function pullForm(now: Date, choices: SubjectChoices): SafeHtml {
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
  return html`<section aria-labelledby="pull-h"><h2 id="pull-h">Pull a report now</h2>
<p class="hint">The next page shows what the pull costs in this month's quota; nothing is spent until you confirm there.</p>
<form method="get" action="/console/reports/pull" class="filters" aria-label="Pull a report now">
  <div class="field"><label for="pull-kind">Report</label><select id="pull-kind" name="kind"><option value="account">Account</option>
<option value="evaluator">Evaluator</option><option value="participant">Participant</option></select></div>
  ${subjectPicker({
    id: 'pull-subject',
    name: 'subject_id',
    label: 'Evaluator or participant (none for the account report)',
    groups: [
      { label: 'Evaluators', choices: choices.evaluators },
      { label: 'Participants', choices: choices.participants },
    ],
    required: false,
  })}
  <div class="field"><label for="pull-period">Period (2026-10 or 2026-W44)</label><input id="pull-period" name="period" required value="${lastMonth}"></div>
  <div class="actions"><button type="submit">See the cost</button></div>
</form></section>`;
}

export function reportsPage(frame: Omit<PageFrame, 'title' | 'current'>, view: ReportsView): SafeHtml {
  const canAct = mayOperate(frame.user?.role);
  const { quota } = view;
  return layout(
    { ...frame, title: 'Reports & quota', current: 'reports' },
    html`<h1>Reports &amp; quota</h1>
<p class="lead-in">Scheduled analytics reports, what they pulled and where it went, and the month's analytics quota. ${
      canAct ? '' : html`<span class="hint">Read-only access: an admin pulls reports now.</span>`
    }</p>
<section aria-labelledby="quota-h"><h2 id="quota-h">Quota of ${quota.month} (resets ${formatDate(quota.resetsAt)})</h2>
<ul class="quota-legend" aria-hidden="true"><li><span class="swatch seg-spent"></span>spent (used and in flight)</li>
<li><span class="swatch seg-planned"></span>planned scheduled runs</li><li><span class="swatch seg-reserve"></span>on-demand reserve</li>
<li><span class="swatch seg-room"></span>room</li></ul>
${quota.endpoints.map(
  (e) => html`<article class="endpoint" aria-labelledby="q-${e.endpoint}">
<h3 id="q-${e.endpoint}">${e.endpoint}${e.exhaustedAt ? html` <span class="bad">exhausted (upstream, ${formatDate(e.exhaustedAt)})</span>` : ''}</h3>
${quotaBar(`quota-${e.endpoint}`, quotaSegments({ ...e, planned: e.runs.planned }))}
<p class="hint">This month's scheduled runs: ${e.runs.planned} planned, ${e.runs.running} running, ${e.runs.succeeded} succeeded,
${e.runs.skipped} skipped, ${e.runs.failed} failed. ${e.remaining} call(s) left for pulls now, ${e.remainingForScheduled} for the schedule.</p>
</article>`,
)}
</section>
${canAct ? pullForm(view.now, view.choices) : ''}
<section aria-labelledby="schedules-h"><h2 id="schedules-h">Schedules</h2>
<p class="hint">Planned daily (REPORTS_PLAN_CRON <code>${view.planCron}</code>, UTC) within the quota less the on-demand reserve.</p>
<table class="schedules"><caption class="visually-hidden">Report schedules</caption>
<thead><tr><th scope="col">Schedule</th><th scope="col">Covers</th><th scope="col">Period</th><th scope="col">Due</th><th scope="col">Operation</th>
<th scope="col">In effect</th></tr></thead>
<tbody>${allReportSchedules.map((name) => {
      const f = scheduleFacts[name];
      return html`<tr><th scope="row">${name}</th><td>${f.what}</td><td>${f.period}</td><td>${f.due}</td><td>${endpointOfKind[f.kind]}</td>
<td>${view.schedules.includes(name) ? 'yes' : 'no (REPORTS_SCHEDULES)'}</td></tr>`;
    })}</tbody></table></section>
<section aria-labelledby="runs-h"><h2 id="runs-h">Runs</h2>
<table class="runs"><caption class="visually-hidden">Report runs, newest recorded first (100 a page)</caption>
<thead><tr><th scope="col">Report</th><th scope="col">Period</th><th scope="col">Quota month</th><th scope="col">Due</th><th scope="col">Status</th>
<th scope="col">Pulled</th><th scope="col">Export</th></tr></thead>
<tbody>
${view.runs.length === 0 ? html`<tr><td colspan="7">No report runs yet: the planner records them, and a pull now adds one.</td></tr>` : ''}
${view.runs.map(
  (r) => html`<tr data-id="${r.id}" data-status="${r.status}">
  <td>${r.kind}${r.subjectId ? html` · ${subjectCell(r, view.evaluatorNames)}` : ''}</td>
  <td>${r.period}</td><td>${r.quotaMonth.toISOString().slice(0, 7)}</td><td>${formatDate(r.dueAt)}</td>
  <td><span class="${statusClass(r.status)}">${r.status}</span>${r.reason ? html`<br><span class="hint">${r.reason}</span>` : ''}</td>
  <td>${r.snapshot ? html`${r.snapshot.rowCount} rows, ${formatDate(r.snapshot.fetchedAt)}` : '—'}</td>
  <td class="export">${exportCell(r, view.sheetsUrl)}</td>
</tr>`,
)}
</tbody></table>
<nav class="pager" aria-label="Pages of report runs">
  ${view.isOlderPage ? html`<a href="/console/reports#runs-h" id="runs-newest">Newest</a>` : ''}
  ${view.nextRunsCursor ? html`<a href="/console/reports?cursor=${encodeURIComponent(view.nextRunsCursor)}#runs-h" rel="next" id="runs-older">Older</a>` : ''}
</nav></section>`,
  );
}
