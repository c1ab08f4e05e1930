import type { Facet } from '../../../review/queue-choices-cache.js';
import type { QueueFilters, QueuePage } from '../../../review/review-queue.js';
import { mayReview } from '../../users/console-user.js';
import { html, type SafeHtml } from '../../ui/html.js';
import { formatDate, formatGroup, formatScore, layout, type PageFrame } from '../../ui/layout.js';
import { fromQuery } from '../../ui/list-link.js';
import { postForm } from '../../ui/post-form.js';
import type { SamplingRule } from '../../../review/sampling/sampling-rule.js';
import { samplingForm } from './sampling-form.js';
import { assignmentForm } from './assignment-form.js';
import type { Reviewer } from '../../../review/assignment/assign-calls.js';
import type { AssignmentRule } from '../../../review/assignment/assignment-rule.js';

/** The filters as a query string (without the cursor), for links and the form's return path. */
export function filterQuery(f: QueueFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(f)) if (key !== 'after' && value !== undefined && value !== '') params.set(key, String(value));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * A filter's choices. A selected choice the list lacks (none left in the queue, or new since the
 * choices were cached) is still shown selected, so the form never drops a filter the rows obey.
 */
function facetSelect(name: string, label: string, facets: Facet[], selected: string | undefined): SafeHtml {
  const missing = selected !== undefined && !facets.some((f) => f.id === selected);
  return html`<div class="field"><label for="f-${name}">${label}</label>
<select id="f-${name}" name="${name}">
  <option value="">Any</option>
  ${missing ? html`<option value="${selected}" selected>${selected}</option>` : ''}
  ${facets.filter((f) => f.id).map((f) => html`<option value="${f.id}"${f.id === selected ? html` selected` : ''}>${f.label ?? f.id} (${f.count})</option>`)}
</select></div>`;
}

const choice = (value: string, label: string, selected: string | undefined) =>
  html`<option value="${value}"${value === selected ? html` selected` : ''}>${label}</option>`;

export function queuePage(
  frame: Omit<PageFrame, 'title' | 'current'>,
  filters: QueueFilters,
  page: QueuePage,
  rules: { sampling: SamplingRule; assignment: AssignmentRule; reviewers: Reviewer[] },
): SafeHtml {
  const canAct = mayReview(frame.user?.role);
  const returnTo = `/console${filterQuery(filters)}`;
  return layout(
    { ...frame, title: 'Review queue', current: 'queue' },
    html`<h1>Review queue</h1>
<p class="lead-in">Critical fails, and the calls the sampling rule picked (marked sampled), waiting for a human (group Pending review or none),
newest first.</p>
${samplingForm(frame, rules.sampling, canAct)}
${assignmentForm(frame, rules.assignment, rules.reviewers, canAct)}
<form method="get" action="/console" class="filters" aria-label="Filters">
  ${facetSelect('evaluator', 'Evaluator', page.evaluators, filters.evaluator)}
  ${facetSelect('participant', 'Participant', page.participants, filters.participant)}
  ${facetSelect('criterion', 'Criterion failed', page.criteria, filters.criterion)}
  <div class="field"><label for="f-from">From</label><input id="f-from" type="date" name="from" value="${filters.from ?? ''}"></div>
  <div class="field"><label for="f-to">To</label><input id="f-to" type="date" name="to" value="${filters.to ?? ''}"></div>
  <div class="field"><label for="f-score">Score
below</label><input id="f-score" type="number" min="0" max="100" step="any" name="score_below" value="${filters.score_below ?? ''}"></div>
  <div class="field"><label for="f-group">Group</label>
<select id="f-group" name="group">${choice('', `Any (${page.counts.total})`, filters.group)}${choice(
      'pending',
      `Pending review (${page.counts.pending})`,
      filters.group,
    )}${choice('none', `No group (${page.counts.none})`, filters.group)}</select></div>
  <div class="field"><label for="f-reviewed">Reviewed</label>
<select id="f-reviewed" name="reviewed">${choice('', 'Any', filters.reviewed)}${choice(
      'yes',
      `Reviewed (${page.counts.reviewed})`,
      filters.reviewed,
    )}${choice('no', `Not reviewed (${page.counts.notReviewed})`, filters.reviewed)}</select></div>
  <div class="actions"><button type="submit">Apply filters</button> <a href="/console">Clear</a></div>
</form>
<p class="counts" id="queue-count"><strong>${page.counts.total}</strong> call${
      page.counts.total === 1 ? '' : 's'
    } match: ${page.counts.pending} pending review, ${page.counts.none} with no
group; ${page.counts.reviewed} reviewed, ${page.counts.notReviewed} not.</p>
${postForm(
  frame,
  { action: '/console/queue/move', id: 'bulk', hidden: { return_to: returnTo } },
  html`${
    canAct
      ? html`<div class="bulk-actions"><span>Move selected to</span> <button type="submit" name="group" value="UNDER_REVIEW">Under review</button>
<button type="submit" name="group" value="ARCHIVED" class="secondary">Archived</button>
<button type="submit" formaction="/console/calibration/new" class="secondary">Calibrate selected</button></div>`
      : html`<p class="hint">Read-only access: a lead moves calls.</p>`
  }
<table class="queue">
<caption class="visually-hidden">Critical fails and sampled calls waiting for review</caption>
<thead><tr>${canAct ? html`<th scope="col"><input type="checkbox" id="select-all" aria-label="Select all on this page"></th>` : ''}<th scope="col">Recorded</th>
<th scope="col">Call</th><th scope="col">Participant</th><th scope="col">Evaluator</th><th scope="col">Score</th><th scope="col">Failed criteria</th>
<th scope="col">Group</th><th scope="col">Reviewed</th></tr></thead>
<tbody>
${page.rows.length === 0 ? html`<tr><td colspan="${canAct ? 9 : 8}">Nothing waiting for review with these filters.</td></tr>` : ''}
${page.rows.map(
  (r) => html`<tr data-id="${r.id}">
  ${canAct ? html`<td><input type="checkbox" name="ids" value="${r.id}" aria-label="Select ${r.participantTag ?? r.name ?? r.id}"></td>` : ''}
  <td>${formatDate(r.recordedAt)}</td>
  <td><a href="/console/calls/${r.id}${fromQuery(returnTo)}">${r.name ?? r.id.slice(0, 8)}</a>${r.sampled ? html` <span class="sampled">sampled</span>` : ''}</td>
  <td>${r.participantTag ?? '—'}</td>
  <td>${r.evaluatorTag ?? '—'}</td>
  ${
    r.inCalibration
      ? html`<td class="muted">in calibration</td><td class="muted">in calibration</td>`
      : html`<td>${formatScore(r.score)}${r.isReviewed && r.effectiveScore !== r.score ? html` <span class="human">→ ${formatScore(r.effectiveScore)}</span>` : ''}</td>
  <td>${r.failedCriteria ?? '—'}</td>`
  }
  <td>${formatGroup(r.group)}</td>
  <td>${r.isReviewed ? `Yes${r.effectiveCriticalFail === false ? ' (no longer critical)' : ''}` : 'No'}</td>
</tr>`,
)}
</tbody>
</table>`,
)}
<nav class="pager" aria-label="Pages">
  ${filters.after ? html`<a href="/console${filterQuery(filters)}">First page</a>` : ''}
  ${page.nextCursor ? html`<a href="/console${filterQuery(filters, { after: page.nextCursor })}" rel="next">Next page</a>` : ''}
</nav>`,
  );
}
