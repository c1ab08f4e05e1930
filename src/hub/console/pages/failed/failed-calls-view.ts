import { html, type SafeHtml } from '../../ui/html.js';
import { formatDate, layout, type PageFrame } from '../../ui/layout.js';
import type { FailedCall } from './failed-calls.js';

const reasonOf = (c: FailedCall) =>
  c.errorMessage || c.errorCode
    ? html`${c.errorMessage ?? ''}${c.errorCode ? html` <code>${c.errorCode}</code>` : ''}`
    : html`<span class="hint">no reason given</span>`;

/** The Failed calls page: what the upstream could not process, and why as far as it said. */
export function failedCallsPage(
  frame: Omit<PageFrame, 'title'>,
  view: { calls: FailedCall[]; older: string | null; total: number },
): SafeHtml {
  return layout(
    { ...frame, title: 'Failed calls', current: 'failed' },
    html`<h1>Failed calls</h1>
<p class="lead-in">Recordings the upstream could not process (download, format, length or processing failures): ${view.total} in all. They have no transcript
or evaluation, count as failed on the dashboard, and never raise a critical-fail alert. Times are UTC.</p>
<div class="table-scroll"><table class="failed-calls" aria-label="Failed calls">
<thead><tr><th scope="col">Recorded</th><th scope="col">Call</th><th scope="col">Configuration</th><th scope="col">Participant</th><th scope="col">Why</th></tr>
</thead>
<tbody>
${view.calls.length === 0 ? html`<tr><td colspan="5">No failed calls.</td></tr>` : ''}
${view.calls.map(
  (c) =>
    html`<tr data-id="${c.id}"><td>${formatDate(c.recordedAt)}</td><td><a href="/console/calls/${c.id}">${c.name ?? c.id.slice(0, 8)}</a></td>
<td>${c.configurationTag ?? '—'}</td><td>${c.participantTag ?? '—'}</td><td>${reasonOf(c)}</td></tr>`,
)}
</tbody>
</table></div>
${view.older ? html`<p><a href="/console/failed?before=${view.older}">Older</a></p>` : ''}`,
  );
}
