import type { SubjectChoices } from '../../../mirror/subject-choices.js';
import type { Reviewer } from '../../../review/assignment/assign-calls.js';
import { mayReview } from '../../users/console-user.js';
import { postForm } from '../../ui/post-form.js';
import { callTabs, type CallFilters, type CallsPage, type CallTab } from '../../../review/find-calls.js';
import { html, SafeHtml, escapeHtml } from '../../ui/html.js';
import { formatDate, formatGroup, formatScore, layout, type PageFrame } from '../../ui/layout.js';
import { callInList } from '../../ui/list-link.js';

const tabLabels: Record<CallTab, string> = {
  needs_review: 'Needs review',
  mine: 'Mine',
  under_review: 'Under review',
  archived: 'Archived',
  all: 'All',
};

/** The filters as a query string, without the cursor; `extra` replaces or adds fields. */
export function callsQuery(f: Partial<CallFilters>, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(f)) if (key !== 'after' && value !== undefined && value !== '') params.set(key, String(value));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** ts_headline's markers become <mark>; everything else of the turn is escaped. */
const highlighted = (line: string) => new SafeHtml(escapeHtml(line).replaceAll('[[[', '<mark>').replaceAll(']]]', '</mark>'));

const option = (value: string, label: string, selected: string | undefined) =>
  html`<option value="${value}"${value === selected ? html` selected` : ''}>${label}</option>`;

function subjectSelect(name: string, label: string, choices: SubjectChoices['evaluators'], selected: string | undefined): SafeHtml {
  const missing = selected !== undefined && !choices.some((c) => c.id === selected);
  return html`<div class="field"><label for="c-${name}">${label}</label>
<select id="c-${name}" name="${name}">${option('', 'Any', selected)}${missing ? option(selected, selected, selected) : ''}
${choices.map((c) => option(c.id, c.name, selected))}</select></div>`;
}

const numberField = (name: keyof CallFilters, label: string, value: number | undefined, max: number) =>
  html`<div class="field"><label for="c-${name}">${label}</label>
<input id="c-${name}" type="number" min="0" max="${max}" step="any" name="${name}" value="${value ?? ''}"></div>`;

/** The reviewer picker of the assignment form, as a filter: any, nobody, or a reviewer (one no longer listed still shown when chosen). */
function assigneeSelect(reviewers: Reviewer[], selected: string | undefined): SafeHtml {
  const missing = selected !== undefined && selected !== 'nobody' && !reviewers.some((r) => r.id === selected);
  return html`<div class="field"><label for="c-assignee">Assigned to</label>
<select id="c-assignee" name="assignee">${option('', 'Anyone or nobody', selected)}${option('nobody', 'Nobody', selected)}${
    missing ? option(selected, selected, selected) : ''
  }
${reviewers.map((r) => option(r.id, r.name, selected))}</select></div>`;
}

function filterForm(f: CallFilters, choices: SubjectChoices & { reviewers: Reviewer[] }): SafeHtml {
  return html`<form method="get" action="/console/calls" class="filters" aria-label="Filters">
<input type="hidden" name="tab" value="${f.tab}">
<div class="field wide"><label for="c-q">Words said in the call</label>
<input id="c-q" type="search" name="q" value="${f.q ?? ''}" placeholder="e.g. engineer visit"></div>
${subjectSelect('evaluator', 'Evaluator', choices.evaluators, f.evaluator)}
${subjectSelect('participant', 'Participant', choices.participants, f.participant)}
<div class="field"><label for="c-from">From</label><input id="c-from" type="date" name="from" value="${f.from ?? ''}"></div>
<div class="field"><label for="c-to">To</label><input id="c-to" type="date" name="to" value="${f.to ?? ''}"></div>
${numberField('duration_min', 'Duration from (s)', f.duration_min, 86_400)}
${numberField('duration_max', 'Duration to (s)', f.duration_max, 86_400)}
${numberField('score_min', 'Score from', f.score_min, 100)}
${numberField('score_max', 'Score to', f.score_max, 100)}
<div class="field"><label for="c-critical">Critical fail</label>
<select id="c-critical" name="critical">${option('', 'Any', f.critical)}${option('yes', 'Yes', f.critical)}${option('no', 'No', f.critical)}</select></div>
${assigneeSelect(choices.reviewers, f.assignee)}
<div class="actions"><button type="submit">Search</button> <a href="/console/calls${callsQuery({ tab: f.tab })}">Clear</a></div>
</form>`;
}

/** A lead's bulk action: the selected calls to a reviewer, or to nobody. */
const assignBar = (reviewers: Reviewer[]) => html`<div class="bulk-actions"><label for="assign-to">Assign selected to</label>
<select id="assign-to" name="reviewer"><option value="nobody">Nobody</option>${reviewers.map((r) => html`<option value="${r.id}">${r.name}</option>`)}</select>
<button type="submit" id="assign">Assign</button></div>`;

function resultsTable(f: CallFilters, page: CallsPage, canAct: boolean): SafeHtml {
  return html`<div class="table-scroll"><table class="calls">
<caption class="visually-hidden">Calls, newest first</caption>
<thead><tr>${canAct ? html`<th scope="col"><input type="checkbox" id="select-all" aria-label="Select all on this page"></th>` : ''}
<th scope="col">Recorded</th><th scope="col">Call</th><th scope="col">Participant</th><th scope="col">Evaluator</th>
<th scope="col">Duration</th><th scope="col">Score</th><th scope="col">Critical</th><th scope="col">Group</th><th scope="col">Assigned to</th></tr></thead>
<tbody>
${page.rows.length === 0 ? html`<tr><td colspan="${canAct ? 10 : 9}">No call matches${f.q ? ` “${f.q}”` : ''} with these filters.</td></tr>` : ''}
${page.rows.map(
  (r) => html`<tr data-id="${r.id}">
  ${canAct ? html`<td><input type="checkbox" name="ids" value="${r.id}" aria-label="Select ${r.name ?? r.id}"></td>` : ''}
  <td>${formatDate(r.recordedAt)}</td>
  <td><a href="${callInList(r.id, `/console/calls${callsQuery(f)}`)}">${r.name ?? r.id.slice(0, 8)}</a>
  ${r.matchLine ? html`<p class="match-line">${highlighted(r.matchLine)}</p>` : ''}</td>
  <td>${r.participantTag ?? '—'}</td>
  <td>${r.evaluatorTag ?? '—'}</td>
  <td>${r.duration === null ? '—' : `${Math.round(r.duration)} s`}</td>
  ${
    r.inCalibration
      ? html`<td class="muted">in calibration</td><td class="muted">in calibration</td>`
      : html`<td>${formatScore(r.score)}</td>
  <td>${r.criticalFail === null ? '—' : r.criticalFail ? 'Yes' : 'No'}${r.sampled ? html` <span class="sampled">sampled</span>` : ''}</td>`
  }
  <td>${formatGroup(r.group)}</td>
  <td class="assignee">${r.assignee ?? '—'}</td>
</tr>`,
)}
</tbody>
</table></div>`;
}

/** /console/calls: every mirrored call by review state, filters and the words said in it. */
export function callsPage(
  frame: Omit<PageFrame, 'title' | 'current'>,
  filters: CallFilters,
  page: CallsPage,
  choices: SubjectChoices & { reviewers: Reviewer[] },
): SafeHtml {
  const canAct = mayReview(frame.user?.role);
  const table = resultsTable(filters, page, canAct);
  const tabs = callTabs.map(
    (tab) =>
      html`<a href="/console/calls${callsQuery({ ...filters, tab })}"${tab === filters.tab ? html` aria-current="page"` : ''}>${tabLabels[tab]}</a>`,
  );
  return layout(
    { ...frame, title: 'Calls', current: 'calls' },
    html`<h1>Calls</h1>
<nav class="tabs" aria-label="Review state">${tabs}</nav>
${filterForm(filters, choices)}
<p class="counts"><a href="/console/calls.csv${callsQuery(filters)}" id="calls-csv" download>Export these calls as CSV</a></p>
${
  canAct
    ? postForm(
        frame,
        { action: '/console/calls/assign', id: 'bulk', hidden: { return_to: `/console/calls${callsQuery(filters)}` } },
        html`${assignBar(choices.reviewers)}
${table}`,
      )
    : table
}
<nav class="pager" aria-label="Pages">
  ${filters.after ? html`<a href="/console/calls${callsQuery(filters)}">First page</a>` : ''}
  ${page.nextCursor ? html`<a href="/console/calls${callsQuery(filters, { after: page.nextCursor })}" rel="next">Next page</a>` : ''}
</nav>`,
  );
}
