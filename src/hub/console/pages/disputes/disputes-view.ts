import { disputeStatuses } from '../../../review/disputes/dispute-text.js';
import { oldestFirst, type DisputeFilters, type DisputeRow } from '../../../review/disputes/list-disputes.js';
import { html, type SafeHtml } from '../../ui/html.js';
import { formatDate, layout, type PageFrame } from '../../ui/layout.js';
import { postForm, type FormFrame } from '../../ui/post-form.js';
import { inlineFlash, verdictOptionTags } from '../../ui/verdict-choice.js';

type Frame = Omit<PageFrame, 'title'>;

export const statusLabel = (s: string) => (s === 'partly_accepted' ? 'Partly accepted' : s.charAt(0).toUpperCase() + s.slice(1));

/** A lead's answer to one open dispute; the verdict counts only when partly accepted. */
function resolveForm(frame: FormFrame & { flash?: PageFrame['flash'] }, d: DisputeRow, returnTo: string): SafeHtml {
  const anchor = `dispute-${d.id}`;
  return postForm(
    frame,
    {
      action: `/console/disputes/${d.id}/resolve`,
      class: 'override',
      id: anchor,
      label: `Resolve the dispute on ${d.criterion}`,
      // Settled or refused, the lead comes back to the list as filtered.
      hidden: { return_to: returnTo },
    },
    html`${inlineFlash(frame.flash, anchor)}
${
  d.criterionGone
    ? // Nothing left to override (docs/review-workflows.md "Disputes"): only Rejected settles it.
      html`<p class="muted">This criterion is no longer in the call's evaluation: the dispute can only be rejected.</p>
<label for="o-${d.id}">Outcome</label><select id="o-${d.id}" name="outcome"><option value="rejected">Rejected</option></select>`
    : html`<label for="o-${d.id}">Outcome</label><select id="o-${d.id}" name="outcome"><option value="accepted">Accepted</option><option value="partly_accepted">Partly accepted</option><option value="rejected">Rejected</option></select>
<label for="pv-${d.id}">Verdict (partly accepted)</label><select id="pv-${d.id}" name="verdict">${verdictOptionTags(d.proposed === 'PASS' || d.proposed === 'FAIL' ? 'boolean' : 'scale', '', true)}</select>`
}
<label for="n-${d.id}">Note</label><input id="n-${d.id}" name="note" required maxlength="1000">
<button type="submit">Resolve</button>`,
  );
}

/** /console/disputes: contested verdicts with their age; leads resolve the open ones, agents see their own. */
/** The page's URL with its filters, and `after` for a next page (docs/review-workflows.md "Disputes"). */
function disputesUrl(f: DisputeFilters, after?: string): string {
  const query = new URLSearchParams();
  if (f.status) query.set('status', f.status);
  if (f.criterion) query.set('criterion', f.criterion);
  if (f.evaluator) query.set('evaluator', f.evaluator);
  if (f.older_than_days !== undefined) query.set('older_than_days', String(f.older_than_days));
  if (f.limit !== 100) query.set('limit', String(f.limit));
  if (after) query.set('after', after);
  const text = query.toString();
  return `/console/disputes${text ? `?${text}` : ''}`;
}

export function disputesPage(
  frame: Frame,
  view: { disputes: DisputeRow[]; nextCursor: string | null; filters: DisputeFilters; canResolve: boolean },
): SafeHtml {
  const f = view.filters;
  const formFlash = view.disputes.some((d) => frame.flash?.at === `dispute-${d.id}`) ? frame.flash : undefined;
  return layout(
    { ...frame, flash: formFlash ? undefined : frame.flash, title: 'Disputes', current: 'disputes' },
    html`<h1>Disputes</h1>
<p class="lead-in">An agent contests one criterion's verdict on their call; a lead accepts it (the proposed verdict becomes the human verdict), partly accepts it (the lead's verdict) or rejects it, always with a note. Open disputes are listed oldest first, any other status newest first, ${f.limit} a page. Times are UTC.</p>
<form method="get" action="/console/disputes" class="filters" aria-label="Filters">
<div class="field"><label for="f-status">Status</label><select id="f-status" name="status"><option value="">Any</option>${disputeStatuses.map((s) => html`<option value="${s}"${f.status === s ? html` selected` : ''}>${statusLabel(s)}</option>`)}</select></div>
<div class="field"><label for="f-criterion">Criterion</label><input id="f-criterion" name="criterion" value="${f.criterion ?? ''}"></div>
<div class="field"><label for="f-older">Older than (days)</label><input id="f-older" name="older_than_days" type="number" min="0" value="${f.older_than_days === undefined ? '' : String(f.older_than_days)}"></div>
<div class="actions"><button type="submit">Apply filters</button> <a href="/console/disputes">Clear</a></div>
</form>
<div class="table-scroll"><table class="disputes" id="disputes" aria-label="Disputes">
<thead><tr><th scope="col">Opened</th><th scope="col">Age (days)</th><th scope="col">Call</th><th scope="col">Criterion</th><th scope="col">Proposed</th><th scope="col">Reason</th><th scope="col">Status</th><th scope="col">Outcome</th></tr></thead>
<tbody>
${view.disputes.length === 0 ? html`<tr><td colspan="8">No disputes with these filters.</td></tr>` : ''}
${view.disputes.map(
  (
    d,
  ) => html`<tr data-id="${d.id}"><td>${formatDate(d.createdAt)}</td><td>${d.ageDays}</td><td><a href="/console/calls/${d.transcriptionId}">${d.callName ?? d.transcriptionId.slice(0, 8)}</a> <span class="muted">${d.participant ?? ''}</span></td>
<td>${d.criterion}</td><td>${d.proposed}</td><td class="pre">${d.reason}</td><td class="dispute-status">${statusLabel(d.status)}</td>
<td>${d.status === 'open' ? (view.canResolve ? resolveForm({ ...frame, flash: formFlash }, d, disputesUrl(f)) : 'Waiting for a lead') : html`${d.resolved ? html`${d.resolved}: ` : ''}${d.resolutionNote ?? ''} <span class="muted">${d.resolvedBy ? `${d.resolvedBy}, ` : ''}${formatDate(d.resolvedAt)}</span>`}</td></tr>`,
)}
</tbody></table></div>
${
  view.nextCursor || f.after
    ? html`<nav class="pager" aria-label="Pages">${f.after ? html`<a href="${disputesUrl(f)}">First page</a> ` : ''}${
        view.nextCursor
          ? html`<a href="${disputesUrl(f, view.nextCursor)}" rel="next">Next ${f.limit} ${oldestFirst(f) ? '(newer)' : '(older)'}</a>`
          : ''
      }</nav>`
    : ''
}`,
  );
}
